/// What the options before a key in `authorized_keys` allow it, of what this server offers:
/// where it may sign in from (`from=`) and whether it may open a terminal (`no-pty`,
/// `restrict`, and `pty` after `restrict`). Forwarding, agents, X11 and rc files are never
/// offered, so their options change nothing. Any other option (`command=`,
/// `environment=`, `expiry-time=`, …) is refused with the line, never dropped: a key is
/// not accepted without a restriction its owner wrote.
///
/// ```swift
/// let options = try KeyOptions(#"restrict,from="10.0.0.*""#)
/// options.terminal            // false
/// options.admits("10.0.0.7")  // true
/// ```
public struct KeyOptions: Sendable, Equatable {
    /// nil: from any address.
    public var from: AddressPatterns?
    /// Whether a session may have a terminal, so the store itself (not only its read-only commands).
    public var terminal = true

    /// Options that would forbid what the server never offers, or allow it.
    private static let moot: Set<String> = [
        "no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding", "no-user-rc",
        "port-forwarding", "agent-forwarding", "x11-forwarding", "user-rc",
    ]

    public init() {}

    /// Parses the comma-separated options word; the error says which option and why.
    public init(_ word: String) throws(SSHServeError) {
        for option in word.split(outsideQuotesAt: { $0 == "," }) {
            let name = option.prefix { $0 != "=" }.lowercased()
            switch name {
            case "restrict", "no-pty":
                terminal = false
            case "pty":
                terminal = true
            case "from":
                let value = option.dropFirst(name.count + 1)
                guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else {
                    throw .malformed("from= needs a quoted list, such as from=\"10.0.0.*\"")
                }
                from = try AddressPatterns(String(value.dropFirst().dropLast()))
            case _ where Self.moot.contains(name):
                break
            default:
                throw .malformed(
                    "the option \(option) is not supported by serve --ssh; remove it, or the key, from the file (honoured: from=, restrict, no-pty, pty)"
                )
            }
        }
    }

    /// Whether a client at `address` may sign in with the key.
    public func admits(_ address: String?) -> Bool {
        guard let from else { return true }
        guard let address else { return false }
        return from.admits(address)
    }
}
