import Foundation

/// Reads StoreKit configuration files from disk: a `.storekit` file, or a `.storekit` package
/// folder holding `Configuration.storekit`. With `FileBytes`, the only file I/O in StoreCatalog.
///
/// ```swift
/// let catalog = try CatalogLoader.load(contentsOf: URL(fileURLWithPath: "Products.storekit"))
/// print(catalog.products.count, catalog.storefront.currencyCode)
/// ```
public enum CatalogLoader {
    /// Loads and validates a catalog. Errors name the file as given (`url.relativePath`).
    public static func load(contentsOf url: URL) throws(CatalogError) -> Catalog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .notFound(file: url.relativePath)
        }
        let file = isDirectory.boolValue ? url.appendingPathComponent("Configuration.storekit") : url
        if isDirectory.boolValue, !FileManager.default.fileExists(atPath: file.path) {
            throw .notFound(file: file.relativePath)
        }
        let data: Data
        do {
            data = try FileBytes.read(file)
        } catch {
            throw .unreadable(file: file.relativePath, reason: error.description)
        }
        return try Catalog(storeKitData: data, file: file.relativePath)
    }
}
