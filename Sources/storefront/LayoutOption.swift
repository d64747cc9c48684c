import ArgumentParser
import CatalogLayouts
import Foundation
import StoreCatalog
import StorefrontCommandLine
import TerminalUI

/// `--layout FILE`, for every command that needs the shops of a catalog: the screens, and
/// `entitlements` (which reads the layout's named entitlements).
struct LayoutOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A layout file: the shops the store list shows (default: Resources/Layouts/<catalog name>.json when it exists, else a shop per subscription group and per kind of product).",
        valueName: "path"
    ))
    var layout: String?

    /// The layout to show: `--layout`, else the bundled layout named like the catalog,
    /// else one derived from the catalog (its kinds of product named in `language`). Fails
    /// with 66 for a missing file, 65 for a bad one.
    func loadLayout(catalog: Catalog, catalogArgument: String, locale: String?, language: InterfaceLanguage = .english) throws -> StoreLayout {
        let catalogName = (BundledResources.catalogURL(catalogArgument) ?? URL(fileURLWithPath: catalogArgument))
            .deletingPathExtension().lastPathComponent
        let url: URL
        if let layout {
            url = URL(fileURLWithPath: layout)
        } else if let bundled = BundledResources.directory?.appendingPathComponent("Layouts/\(catalogName).json"),
                  FileManager.default.fileExists(atPath: bundled.path) {
            url = bundled
        } else {
            return StoreLayout(catalog: catalog, title: CatalogTitle(fileName: catalogName).text, locale: locale, language: language)
        }
        let data: Data
        do {
            data = try FileBytes.read(url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw CommandFailure(
                exists ? "\(url.path): cannot be read: \(error)" : "\(url.path): no such layout file", exitCode: .noInput
            )
        }
        do {
            return try StoreLayout(json: data, file: url.path, catalog: catalog)
        } catch {
            throw CommandFailure(error.description, exitCode: .dataError)
        }
    }
}
