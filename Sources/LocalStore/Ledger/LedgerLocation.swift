import Foundation

/// Where a ledger lives.
///
/// ```swift
/// let location = LedgerLocation.default(catalogIdentifier: "BackyardBirds")
/// let files = try location.files(environment: ["HOME": "/home/ada"])
/// print(files?.database.path ?? "in memory")
/// // /home/ada/.local/share/storefront/BackyardBirds/ledger.sqlite
/// ```
public enum LedgerLocation: Sendable, Hashable {
    /// `$XDG_DATA_HOME/storefront/<catalog identifier>/ledger.sqlite`,
    /// with `~/.local/share` when `XDG_DATA_HOME` is unset, empty or relative.
    case `default`(catalogIdentifier: String)
    /// An explicit database file; the store key sits next to it.
    case path(URL)
    /// A private database that disappears with the process, signed by an ephemeral key.
    case inMemory

    /// The database file and the store key file beside it.
    public struct Files: Sendable, Hashable {
        public var database: URL
        public var signingKey: URL
    }

    /// Resolves the files, reading only the environment it is given.
    ///
    /// - Returns: nil for `.inMemory`.
    public func files(environment: [String: String]) throws(LedgerError) -> Files? {
        let database: URL
        switch self {
        case .inMemory:
            return nil
        case .path(let url):
            database = url.standardizedFileURL
        case .default(let catalogIdentifier):
            guard Self.isFolderName(catalogIdentifier) else {
                throw .invalidCatalogIdentifier(catalogIdentifier)
            }
            database = try Self.dataDirectory(environment: environment)
                .appendingPathComponent(catalogIdentifier, isDirectory: true)
                .appendingPathComponent("ledger.sqlite", isDirectory: false)
        }
        return Files(
            database: database,
            signingKey: database.deletingLastPathComponent().appendingPathComponent("store-key.pem")
        )
    }

    /// `$XDG_DATA_HOME/storefront`, where the default ledgers (and the SSH host key) live.
    ///
    /// ```swift
    /// try LedgerLocation.dataDirectory(environment: ["HOME": "/home/ada"]).path
    /// // /home/ada/.local/share/storefront
    /// ```
    public static func dataDirectory(environment: [String: String]) throws(LedgerError) -> URL {
        try dataHome(environment).appendingPathComponent("storefront", isDirectory: true)
    }

    /// The XDG base directory rule: only an absolute XDG_DATA_HOME counts.
    private static func dataHome(_ environment: [String: String]) throws(LedgerError) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw .noDataDirectory
        }
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local", isDirectory: true)
            .appendingPathComponent("share", isDirectory: true)
    }

    private static func isFolderName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
    }
}
