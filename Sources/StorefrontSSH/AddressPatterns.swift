#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `authorized_keys` `from="…"` list, matched against the client's IP address as sshd
/// matches it without DNS: comma-separated patterns, each an address with `*` and `?`
/// wildcards or a CIDR block (`10.0.0.0/8`, `fd00::/8`), `!` before one to exclude.
/// An address is admitted when a plain pattern matches it and no `!` pattern does.
///
/// ```swift
/// let from = try AddressPatterns("10.0.0.*,192.168.1.0/24,!10.0.0.13")
/// from.admits("10.0.0.7")    // true
/// from.admits("10.0.0.13")   // false
/// ```
public struct AddressPatterns: Sendable, Equatable {
    fileprivate struct Pattern: Sendable, Equatable {
        var negated: Bool
        var text: String
        /// The network's bytes and prefix length, for a CIDR pattern.
        var network: (bytes: [UInt8], bits: Int)?

        static func == (lhs: Pattern, rhs: Pattern) -> Bool { lhs.negated == rhs.negated && lhs.text == rhs.text }
    }

    private let patterns: [Pattern]

    /// Parses the list; the error names the pattern that is not one.
    public init(_ list: String) throws(SSHServeError) {
        var patterns: [Pattern] = []
        for word in list.split(separator: ",", omittingEmptySubsequences: false) {
            let negated = word.hasPrefix("!")
            let text = String(negated ? word.dropFirst() : word).lowercased()
            guard !text.isEmpty else { throw .malformed("from=\"\(list)\" has an empty pattern") }
            var pattern = Pattern(negated: negated, text: text)
            if let slash = text.firstIndex(of: "/") {
                guard let bytes = Self.addressBytes(String(text[..<slash])), let bits = Int(text[text.index(after: slash)...]),
                      (0...bytes.count * 8).contains(bits)
                else { throw .malformed("from=\"\(list)\": \"\(text)\" is not an address/bits block like 10.0.0.0/8") }
                pattern.network = (bytes, bits)
            }
            patterns.append(pattern)
        }
        self.patterns = patterns
    }

    /// Whether a client at `address` (an IPv4 or IPv6 address, as the socket names it) may use the key.
    public func admits(_ address: String) -> Bool {
        let address = Self.plainIPv4(address.lowercased())
        var admitted = false
        for pattern in patterns where pattern.matches(address) {
            if pattern.negated { return false }
            admitted = true
        }
        return admitted
    }

    /// `::ffff:10.0.0.1`, an IPv4 client of a server listening on `::`, is `10.0.0.1`.
    private static func plainIPv4(_ address: String) -> String {
        let mapped = "::ffff:"
        guard address.hasPrefix(mapped), address.contains(".") else { return address }
        return String(address.dropFirst(mapped.count))
    }

    /// The 4 or 16 bytes of an address written in text; nil when it is not one.
    fileprivate static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}

extension AddressPatterns.Pattern {
    func matches(_ address: String) -> Bool {
        guard let network else { return Self.wildcard(Array(text), matches: Array(address)) }
        guard let bytes = AddressPatterns.addressBytes(address), bytes.count == network.bytes.count else { return false }
        for bit in 0..<network.bits {
            let mask = UInt8(0x80) >> UInt8(bit % 8)
            if bytes[bit / 8] & mask != network.bytes[bit / 8] & mask { return false }
        }
        return true
    }

    /// `*` any run of characters, `?` any one.
    private static func wildcard(_ pattern: [Character], matches text: [Character]) -> Bool {
        var (p, t) = (0, 0)
        var star: (p: Int, t: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                (p, t) = (p + 1, t + 1)
            } else if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if let last = star {
                star = (last.p, last.t + 1)
                (p, t) = (last.p + 1, last.t + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
