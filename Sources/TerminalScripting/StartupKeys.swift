import TerminalUI

/// The keys an interactive run presses as it starts, from `STOREFRONT_PRESS`: `KeyScript`
/// tokens separated by commas (or spaces), such as `down,down,enter` or `text:GIFT,enter`.
///
/// ```swift
/// try StartupKeys.keys(in: ["STOREFRONT_PRESS": "down,enter"])  // [.down, .enter]
/// try StartupKeys.keys(in: [:])                                 // []
/// ```
public enum StartupKeys {
    /// The environment variable's name.
    public static let variable = "STOREFRONT_PRESS"

    /// The keys `environment` asks for; `text:` types each character. A pause or a
    /// resize has no meaning at start and is refused.
    ///
    /// - Throws: `KeyScriptError` naming the token that is not a key.
    public static func keys(in environment: [String: String]) throws(KeyScriptError) -> [Key] {
        guard let value = environment[variable] else { return [] }
        var keys: [Key] = []
        for token in value.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init) {
            for step in try KeyScript(token).steps {
                switch step {
                case .key(let key):
                    keys.append(key)
                case .text(let text):
                    keys += text.map(Key.char)
                case .wait, .resize:
                    throw KeyScriptError(token: token, reason: "\(variable) takes keys and text: only")
                }
            }
        }
        return keys
    }
}
