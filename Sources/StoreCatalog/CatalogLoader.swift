import Foundation

/// Reads StoreKit configuration files from disk: a `.storekit` file, or a `.storekit` package
/// folder holding `Configuration.storekit`. With `FileBytes` and `MappedFile`, the only file I/O
/// in StoreCatalog.
///
/// ```swift
/// let catalog = try CatalogLoader.load(contentsOf: URL(fileURLWithPath: "Products.storekit"))
/// print(catalog.products.count, catalog.storefront.currencyCode)
/// ```
public enum CatalogLoader {
    /// Loads and validates a catalog. Errors name the file as given (`url.relativePath`).
    ///
    /// `buildingInBackground`: a catalog of 20,000 products or more (a JSON file's) is returned
    /// once its syntax and every product's ID are checked, and its products are built on every
    /// core after, in catalog order (the first ones first). Reading a product waits for its
    /// part; ``Catalog/built()`` throws what building it whole would have.
    ///
    /// ```swift
    /// let catalog = try CatalogLoader.load(contentsOf: url, buildingInBackground: true)
    /// let first = catalog.product(at: 0)   // waits for the first part only
    /// try await catalog.built()
    /// ```
    public static func load(contentsOf url: URL, buildingInBackground: Bool = false) throws(CatalogError) -> Catalog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .notFound(file: url.relativePath)
        }
        let file = isDirectory.boolValue ? url.appendingPathComponent("Configuration.storekit") : url
        if isDirectory.boolValue, !FileManager.default.fileExists(atPath: file.path) {
            throw .notFound(file: file.relativePath)
        }
        // Products are built a tree of one product at a time, and the bytes let go once
        // they are: a large file's whole tree is never held, nor (mapped) its whole text.
        if let mapped = try reading(file, MappedFile.map) {
            return try Catalog(mapped: mapped, file: file.relativePath, buildingInBackground: buildingInBackground)
        }
        return try Catalog(storeKitData: reading(file, FileBytes.read), file: file.relativePath)
    }

    /// `read(file)`, its failure named as the file the user gave.
    private static func reading<Contents>(
        _ file: URL, _ read: (URL) throws(FileBytes.ReadError) -> Contents
    ) throws(CatalogError) -> Contents {
        do {
            return try read(file)
        } catch {
            throw .unreadable(file: file.relativePath, reason: error.description)
        }
    }
}
