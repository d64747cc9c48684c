import ArgumentParser
import Foundation
import StoreCatalog
import StorefrontCommandLine
import TerminalUI

/// `storefront catalog PATH|NAME [--locale ID] [--json]`: checks a StoreKit configuration file
/// and summarizes it; `storefront catalog --generate N` writes a generated one.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Check a StoreKit configuration file and summarize it.",
        discussion: """
            Exits 0 when the catalog loads, 65 when it is malformed and 66 when it does not exist.
            The summary lists each subscription group's plans by level, with their introductory \
            and win-back offers (by the offer ID `buy --win-back` takes); the JSON has each \
            plan's "introOffer" and "winBackOffers".
            With --json, "locale" is the locale used for names: --locale, else the file's \
            _locale, else the storefront's. With --storefront in another currency, the summary \
            says the prices are the catalog's numbers shown in that currency, and the JSON has \
            "sellingStorefront" and "sellingCurrency".
            """
    )

    @Argument(help: "A .storekit file or package folder, or a bundled catalog: \(BundledResources.catalogHelp).")
    var catalog: String?

    @Option(help: "Show names and descriptions for this locale, e.g. ja_JP or zh_Hans.")
    var locale: String?

    @Option(help: ArgumentHelp(
        "Check how this storefront sells the catalog: an ISO 3166 alpha-3 code such as JPN; the summary says when its currency is not the catalog's.",
        valueName: "iso3"
    ))
    var storefront: Parsed<StorefrontCountry>?

    @Flag(help: "Print JSON instead of a summary.")
    var json = false

    @Option(name: .customLong("generate"), help: ArgumentHelp("Print a generated .storekit file with N products.", valueName: "N"))
    var generatedProductCount: Int?

    func validate() throws {
        if let count = generatedProductCount {
            guard catalog == nil, locale == nil, !json else {
                throw ValidationError("--generate takes no catalog, --locale or --json.")
            }
            guard count >= 0 else { throw ValidationError("--generate needs a product count of 0 or more.") }
        } else if catalog == nil {
            throw ValidationError("Give a .storekit path or a bundled catalog: \(BundledResources.catalogHelp).")
        }
        try LocaleArgument.validate(locale)
        _ = try storefront?.get()
    }

    func run() throws {
        if let count = generatedProductCount {
            FileHandle.standardOutput.write(Data(CatalogGenerator(productCount: count).storeKitJSON().utf8))
            return
        }
        let loaded = try BundledResources.loadCatalog(catalog ?? "")
        let textLocale = locale ?? loaded.settings.locale ?? loaded.storefront.localeIdentifier
        let selling = try storefront?.get()
        let output = json
            ? CatalogJSON(catalog: loaded, locale: textLocale, selling: selling).text
            : CatalogSummary(catalog: loaded, locale: textLocale, selling: selling).text
        FileHandle.standardOutput.write(Data((output + "\n").utf8))
    }
}
