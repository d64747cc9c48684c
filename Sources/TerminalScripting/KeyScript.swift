import TerminalCore
import TerminalUI

/// A list of keys, text and pauses to play into an app: what `storefront snapshot --keys`
/// and demo scripts are written in.
///
/// Tokens are separated by spaces: `up`, `down`, `left`, `right`, `enter`, `esc`, `tab`,
/// `shift-tab`, `space`, `backspace`, `pgup`, `pgdn`, `home`, `end`, any single character,
/// `ctrl-<letter>`, `wait:<duration>` (`500ms`, `2s`), `resize:<cols>x<rows>` and
/// `text:<characters>` (typed one by one).
///
/// ```swift
/// let script = try KeyScript("down enter wait:800ms text:Suet esc")
/// script.steps  // [.key(.down), .key(.enter), .wait(.milliseconds(800)), .text("Suet"), .key(.esc)]
/// ```
public struct KeyScript: Sendable, Hashable {
    /// One thing a script does.
    public enum Step: Sendable, Hashable {
        case key(Key)
        /// Types each character as a key.
        case text(String)
        /// Moves the clock on.
        case wait(Duration)
        case resize(width: Int, height: Int)
    }

    public var steps: [Step]

    public init(steps: [Step]) {
        self.steps = steps
    }

    /// Parses a space-separated script.
    ///
    /// - Throws: `KeyScriptError` naming the first token that is not understood.
    public init(_ text: String) throws(KeyScriptError) {
        var steps: [Step] = []
        for token in text.split(whereSeparator: \.isWhitespace) {
            steps.append(try Self.step(String(token)))
        }
        self.steps = steps
    }

    private static let namedKeys: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right,
        "enter": .enter, "esc": .esc, "tab": .tab, "shift-tab": .backTab, "space": .space,
        "backspace": .backspace, "pgup": .pageUp, "pgdn": .pageDown, "home": .home, "end": .end,
    ]

    private static func step(_ token: String) throws(KeyScriptError) -> Step {
        if let key = namedKeys[token] { return .key(key) }
        if token.count == 1, let character = token.first { return .key(.char(character)) }
        if let colon = token.firstIndex(of: ":") {
            let argument = String(token[token.index(after: colon)...])
            switch token[..<colon] {
            case "wait":
                guard let duration = DurationText.parse(argument) else {
                    throw KeyScriptError(token: token, reason: "expected a duration such as wait:500ms or wait:2s")
                }
                return .wait(duration)
            case "resize":
                guard let size = TerminalSize(argument) else {
                    throw KeyScriptError(token: token, reason: "expected a size from 1x1 to \(TerminalSize.largest), such as resize:80x24")
                }
                return .resize(width: size.width, height: size.height)
            case "text":
                guard !argument.isEmpty else { throw KeyScriptError(token: token, reason: "text: needs characters to type") }
                return .text(argument)
            default:
                break
            }
        }
        if token.hasPrefix("ctrl-"), token.count == 6, let letter = token.last, letter.isASCII, letter.isLetter {
            return .key(.ctrl(Character(letter.lowercased())))
        }
        throw KeyScriptError(
            token: token,
            reason: "not a key (use up, down, left, right, enter, esc, tab, space, backspace, a single character, ctrl-c, wait:500ms, resize:80x24 or text:…)"
        )
    }
}

/// A key script token that could not be read.
///
/// ```swift
/// do { _ = try KeyScript("down jump") } catch { print(error) }  // unknown key "jump": not a key (…)
/// ```
public struct KeyScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    public let token: String
    public let reason: String

    public var description: String { "bad key \"\(token)\": \(reason)" }
}

