import Foundation

/// A dotted version number compared part by part as numbers:
/// "2.1.1" < "2.2.0" < "2.10.0", and "2.1" equals "2.1.0".
///
/// ```swift
/// let old = AppVersion("2.1.1")!
/// let freemium = AppVersion("2.10.0")!
/// print(old < freemium) // true
/// print(AppVersion("2.x") == nil) // true: not a version
/// ```
public struct AppVersion: Comparable, Hashable, Sendable, LosslessStringConvertible {
    /// The numbers between the dots, as written.
    public let components: [Int]

    /// Parses digits separated by dots; `nil` for anything else.
    public init?(_ description: String) {
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        var components: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber),
                  let number = Int(part)
            else { return nil }
            components.append(number)
        }
        self.components = components
    }

    public var description: String {
        components.map(String.init).joined(separator: ".")
    }

    /// Trailing zeros do not count: "2.1" and "2.1.0" are the same version.
    private var significant: ArraySlice<Int> {
        let end = (components.lastIndex { $0 != 0 } ?? -1) + 1
        return components[..<end]
    }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        let count = max(lhs.components.count, rhs.components.count)
        for index in 0..<count {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool {
        lhs.significant == rhs.significant
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(Array(significant))
    }
}

extension AppVersion: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let version = AppVersion(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\"\(text)\" is not a version like \"2.1.0\" (numbers separated by dots)"
            )
        }
        self = version
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
