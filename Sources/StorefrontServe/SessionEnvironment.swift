import PostgresStore

/// The environment every session's child starts with, before the customer's TERM, LANG and
/// LC_*: what it needs to find its files, and the store the server itself uses.
enum SessionEnvironment {
    /// What a child needs to find its files and to sign in to a PostgreSQL store as the server does.
    static let inherited = ["PATH", "HOME", "XDG_DATA_HOME", "STOREFRONT_RESOURCES", "NO_COLOR", "PGPASSWORD", "PGPASSFILE"]

    /// The server's `environment`, cut to `inherited`, with `STOREFRONT_STORE` set to the
    /// server's PostgreSQL store however it was named (`--store` or the environment), or
    /// removed when the server keeps a ledger file. The URL goes here rather than in the
    /// child's arguments because it may carry a password, and anyone can read arguments with `ps`.
    static func make(from environment: [String: String], store: PostgresAddress?) -> [String: String] {
        var kept = environment.filter { inherited.contains($0.key) }
        kept["STOREFRONT_STORE"] = store?.urlWithPassword
        return kept
    }
}
