import ArgumentParser
import Foundation
import LocalStore
import PostgresStore
import StoreCatalog
import StorefrontModel

/// The options of every command that opens the store: the catalog, the ledger, its key
/// file and the customer account in it, the storefront and locale, and the test controls that override
/// the catalog's settings.
///
/// ```swift
/// struct Buy: AsyncParsableCommand {
///     @OptionGroup var storeOptions: StoreOptions
///     func run() async throws {
///         let store = try await storeOptions.makeStore()
///         print(try await store.products(for: ["tip.small"]).map(\.displayPrice))
///     }
/// }
/// ```
package struct StoreOptions: ParsableArguments {
    @OptionGroup package var catalogOption: CatalogOption

    @Option(help: ArgumentHelp(
        "The ledger file (default: $XDG_DATA_HOME/storefront/<catalog identifier>/ledger.sqlite).",
        valueName: "path"
    ))
    package var ledger: String?

    @Flag(help: "Keep the ledger in memory: nothing is saved.")
    package var inMemory = false

    @Option(help: ArgumentHelp(
        "The store key file, mode 0600, that every front end of one store shares (default: store-key.pem beside the ledger). One that signed none of a store's transactions is refused; a new key is made only for an empty store.",
        valueName: "path"
    ))
    package var storeKey: String?

    @Option(help: ArgumentHelp(
        "A PostgreSQL store shared by many storefronts, postgres://user@host:port/database (a unix socket: ?host=/socket/dir); default $STOREFRONT_STORE, else the ledger file. Its password: the URL's, else $PGPASSWORD, else $PGPASSFILE or ~/.pgpass. Its key: --store-key, else the ledger folder's.",
        valueName: "url"
    ))
    package var store: Parsed<PostgresAddress>?

    @Option(help: ArgumentHelp(
        "The customer account whose purchases, requests and store time to use (default: local).",
        valueName: "id"
    ))
    package var account: Parsed<CustomerAccount>?

    @Option(help: ArgumentHelp("Time every store call takes: 500ms, 1.5s, or a range such as 300ms-800ms.", valueName: "duration"))
    package var latency: Parsed<Latency>?

    @Option(name: .customLong("fail"), help: ArgumentHelp(
        "Make a store API fail, optionally with a named error: purchase, purchase=networkError. Repeatable. APIs: "
            + StoreAPI.allCases.map(\.rawValue).joined(separator: ", ") + ".",
        valueName: "api[=error]"
    ))
    package var failures: [Parsed<APIFailure>] = []

    @Flag(help: "Every purchase waits for approval (Ask to Buy).")
    package var askToBuy = false

    @Option(help: ArgumentHelp(
        "Show product names (and the app's words) for this locale, e.g. ja_JP or zh_Hans; without it, LC_ALL, LC_MESSAGES or LANG's, else the catalog's.",
        valueName: "id"
    ))
    package var locale: String?

    @Option(help: ArgumentHelp("Sell in this storefront's currency: an ISO 3166 alpha-3 code such as JPN or GBR.", valueName: "iso3"))
    package var storefront: Parsed<StorefrontCountry>?

    @Option(help: ArgumentHelp(
        "The app version the customer first installed, for the app transaction (default 2.0, today's); an earlier one grandfathers them into named entitlements made free since (1.0 includes the Songbird Field Guide).",
        valueName: "version"
    ))
    package var originalAppVersion: String?

    @Option(help: ArgumentHelp(
        "A codes file: one offer code a line, CODE PRODUCT_ID [OFFER], besides the catalog's own offer codes.",
        valueName: "file"
    ))
    package var offerCodes: String?

    @Option(help: ArgumentHelp(
        "The app's bundle ID the store runs as: signed promotional offers and intro-offer eligibility must name it, as must serve --http's tokens, and its payloads carry it (a .storekit file has none).",
        valueName: "id"
    ))
    package var bundleID: String?

    @Option(help: ArgumentHelp(
        "The registered In-App Purchase and API keys (default: $XDG_DATA_HOME/storefront/api-keys): they sign offers and tokens; add one with `serve api-keys add`.",
        valueName: "file"
    ))
    package var apiKeys: String?

    @Flag(help: "Renewals fail for billing: a subscription goes into billing retry (StoreKit Testing's shouldEnterBillingRetryOnRenewal; a .storekit file's _renewalBillingIssuesEnabled sets it too). Give it to every command and server on the ledger.")
    package var billingRetry = false

    @Flag(help: "With --billing-retry: a failed renewal keeps access for a grace period first (billingGracePeriodIsEnabled; a .storekit file's _billingGracePeriodEnabled).")
    package var billingGracePeriod = false

    package init() {}

    package func validate() throws {
        if inMemory, ledger != nil {
            throw ValidationError("--ledger and --in-memory cannot be used together.")
        }
        if store != nil, inMemory || ledger != nil {
            throw ValidationError("--store cannot be used with --ledger or --in-memory: it names the database itself.")
        }
        // Read as the command line was parsed; a bad one is refused here, before anything opens.
        _ = try account?.get()
        _ = try store?.get()
        _ = try latency?.get()
        for failure in failures { _ = try failure.get() }
        _ = try storefront?.get()
        try LocaleArgument.validate(locale)
        if let bundleID, bundleID.isEmpty || bundleID.contains(where: \.isWhitespace) {
            throw ValidationError("--bundle-id \"\(bundleID)\" is not a bundle ID such as com.example.birds.")
        }
        if let originalAppVersion, AppVersion(originalAppVersion) == nil {
            throw ValidationError("--original-app-version \"\(originalAppVersion)\" is not a version like 1.0 or 2.1.1.")
        }
    }

    /// Loads the catalog, opens the ledger and applies the options over the catalog's
    /// settings. Throws an `ExitCodeError` (the catalog's, the ledger's, or a `CommandFailure`)
    /// when it cannot.
    /// `buildingInBackground`: a large catalog's products are built after this returns
    /// (`CatalogLoader.load(contentsOf:buildingInBackground:)`).
    package func makeStore(clock: StoreClock = .live, buildingInBackground: Bool = false) async throws -> LocalStore {
        let catalog = try catalogOption.load(buildingInBackground: buildingInBackground)
        let opened = try await openLedger(catalog: catalog, clock: clock)
        var controls = StoreControls(settings: catalog.settings)
        if let latency { controls.latency = try latency.get() }
        for failure in failures {
            let failure = try failure.get()
            controls.failures[failure.api] = failure.error
        }
        if askToBuy { controls.askToBuy = true }
        if billingRetry { controls.billingRetryOnRenewal = true }
        if billingGracePeriod { controls.billingGracePeriod = true }
        if let originalAppVersion { controls.originalAppVersion = originalAppVersion }
        if let offerCodes { controls.offerCodes = try Self.readOfferCodes(offerCodes, catalog: catalog) }
        if let bundleID {
            // Only a store that runs as an app checks signatures: others never read the keys.
            controls.bundleID = bundleID
            controls.inAppPurchaseKeys = try APIKeyFile.load(from: Self.apiKeyFile(apiKeys))
        }
        return LocalStore(
            catalog: catalog, ledger: opened, account: try account?.get() ?? .local, clock: clock,
            storefront: try storefront?.get(), locale: CustomerLocale.chosen(locale), controls: controls
        )
    }

    /// The store key file: `--store-key`, else `store-key.pem` beside the ledger. Fails
    /// with 64 for an in-memory ledger without `--store-key`, whose key is never saved.
    package func keyFile() throws -> URL {
        if let storeKey { return URL(fileURLWithPath: storeKey) }
        let location = ledgerLocation(of: try catalogOption.load())
        guard let files = try location.files(environment: ProcessInfo.processInfo.environment) else {
            throw CommandFailure("an in-memory ledger's key is never saved: name a key file with --store-key PATH", exitCode: .usage)
        }
        return files.signingKey
    }

    /// The registered keys' file: `--api-keys`, else `api-keys` in the data folder.
    package static func apiKeyFile(_ path: String?) throws -> URL {
        if let path { return URL(fileURLWithPath: path) }
        return try LedgerLocation.dataDirectory(environment: ProcessInfo.processInfo.environment).appendingPathComponent("api-keys")
    }

    /// Where the ledger file is: `--in-memory`, `--ledger`, else the catalog's default.
    package func ledgerLocation(of catalog: Catalog) -> LedgerLocation {
        if inMemory { return .inMemory }
        if let ledger { return .path(URL(fileURLWithPath: ledger)) }
        return .default(catalogIdentifier: catalog.identifier ?? catalogName)
    }

    /// The ledger `--store` (or `STOREFRONT_STORE`, unless `--ledger` or `--in-memory` chose
    /// a file) or the ledger file names, signed with `--store-key`'s keys when given.
    private func openLedger(catalog: Catalog, clock: StoreClock) async throws -> Ledger {
        let location = ledgerLocation(of: catalog)
        let keyFile = storeKey.map { URL(fileURLWithPath: $0) }
        let ledger: Ledger
        if let address = try postgresStore() {
            ledger = try await address.openLedger(keyBeside: location, storeKey: keyFile, clock: clock)
        } else {
            ledger = try Ledger(location: location, storeKey: keyFile, clock: clock)
        }
        // A mistyped --store-key would otherwise sign on with a key of its own.
        try await ledger.checkKeysSignRows()
        return ledger
    }

    /// The PostgreSQL store these options open: `--store`, else `STOREFRONT_STORE` unless
    /// `--ledger` or `--in-memory` chose a file; nil when the ledger is a file.
    package func postgresStore(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PostgresAddress? {
        guard !inMemory, ledger == nil else { return nil }
        return try store?.get() ?? PostgresAddress.fromEnvironment(environment)
    }

    /// The codes of `--offer-codes FILE`; a file that cannot be read or has a bad line
    /// fails with 66 or 65, naming the file (and the line).
    private static func readOfferCodes(_ path: String, catalog: Catalog) throws -> [OfferCode] {
        let text: String
        do {
            text = String(decoding: try FileBytes.read(URL(fileURLWithPath: path)), as: UTF8.self)
        } catch {
            throw CommandFailure("--offer-codes \(path): \(error)", exitCode: .noInput)
        }
        do {
            return try OfferCode.parseFile(text, named: path, catalog: catalog)
        } catch {
            throw CommandFailure(error.description, exitCode: .dataError)
        }
    }

    /// The catalog's file name, naming the ledger folder of a file without an identifier.
    private var catalogName: String {
        let url = BundledResources.catalogURL(catalogOption.catalog) ?? URL(fileURLWithPath: catalogOption.catalog)
        return url.deletingPathExtension().lastPathComponent
    }
}
