/// A terminal size written `<columns>x<rows>`, from 1x1 to `largest`.
///
/// ```swift
/// TerminalSize("120x40")       // width 120, height 40
/// TerminalSize("80")           // nil
/// TerminalSize("99999x99999")  // nil: larger than TerminalSize.largest
/// ```
public struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    /// The largest size the store draws, 1000x1000: more than any real terminal shows. Every
    /// frame holds a cell per column and row (and ncurses three more), so a larger size,
    /// whoever gives it, would only take the machine's memory.
    public static let largest = TerminalSize(width: 1000, height: 1000)

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `<columns>x<rows>`; nil unless both are whole numbers from 1 to `largest`'s.
    public init?(_ text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let width = Int(parts[0]), let height = Int(parts[1]),
              (1...Self.largest.width).contains(width), (1...Self.largest.height).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    /// What a size must look like, for the message that refuses `text`.
    public static func problem(with text: String) -> String {
        "bad size \"\(text)\": expected columns x rows from 1x1 to \(largest), such as 80x24"
    }

    /// This size within 1x1 ... `largest`: what the store draws on a terminal of this size.
    public var bounded: TerminalSize {
        TerminalSize(width: min(max(1, width), Self.largest.width), height: min(max(1, height), Self.largest.height))
    }

    public var description: String { "\(width)x\(height)" }
}
