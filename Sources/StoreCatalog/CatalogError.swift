/// Why a catalog could not be loaded. The description is one line naming the file and, for a
/// malformed file, the JSON path of the problem.
///
/// ```swift
/// do {
///     _ = try CatalogLoader.load(contentsOf: url)
/// } catch {
///     print(error)  // "Shop.storekit: products[3].localizations[0].locale: expected a string, found a number"
/// }
/// ```
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing at the path, or a `.storekit` folder without `Configuration.storekit`.
    case notFound(file: String)
    /// The file exists but could not be read (permissions, an I/O error).
    case unreadable(file: String, reason: String)
    /// The file was read but is not a valid StoreKit configuration. `path` is a JSON path such
    /// as `products[3].displayPrice`, or empty for the file as a whole.
    case malformed(file: String, path: String, message: String)

    public var file: String {
        switch self {
        case .notFound(let file), .unreadable(let file, _), .malformed(let file, _, _): file
        }
    }

    public var description: String {
        switch self {
        case .notFound(let file):
            "\(file): no such StoreKit configuration file"
        case .unreadable(let file, let reason):
            "\(file): cannot be read: \(reason)"
        case .malformed(let file, let path, let message):
            path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
        }
    }
}
