import CNcursesw
import TerminalUI

/// How one cell's grapheme cluster reaches the terminal.
///
/// An ncurses cell holds one spacing character and up to CCHARW_MAX - 1 combining
/// characters (setcchar stops at the next spacing one). That is enough for "é", "❤️"
/// (U+2764 U+FE0F) or "1️⃣", which go through ncurses as one `cchar_t`. A cluster with
/// more than one spacing character ("👍🏽", a flag, "👨‍👩‍👧") or more parts than a cell
/// holds is *spliced*: ncurses keeps stand-ins of the cluster's width, and the cluster's
/// own bytes are written over them after the update (`CursesTerminal+Splicing.swift`).
///
/// ```swift
/// ClusterOutput("❤️")          // .cell([0x2764, 0xFE0F, 0])
/// ClusterOutput("👍🏽").isSpliced  // true: 👍 as the stand-in, all 8 bytes written
/// ```
enum ClusterOutput: Equatable {
    /// A NUL-terminated `cchar_t` text for setcchar: the spacing character, then its
    /// combining characters.
    case cell([wchar_t])
    /// Cells ncurses keeps in the cluster's place (their widths add up to the cluster's
    /// display width) and the UTF-8 the terminal gets.
    case spliced(standIns: [TerminalGlyph], bytes: [UInt8])

    init(_ symbol: String) {
        if symbol.utf8.count == 1, let ascii = symbol.utf8.first {
            self = .cell([wchar_t(ascii), 0])
            return
        }
        var scalars = symbol.unicodeScalars.filter(Self.isSendable)
        // A joiner at the end joins nothing of this cluster, but a terminal would join the
        // next cell's character to it.
        while scalars.last == "\u{200D}" { scalars.removeLast() }
        // A width measured on this terminal (TerminalWidths) that ncurses would not give the
        // cell: spliced, so ncurses keeps stand-ins as wide as the terminal draws it.
        let measured = symbol.count == 1 ? TerminalWidths.width(of: Character(symbol)) : nil
        if let first = scalars.first, scalars.count <= Int(sf_cchar_max()), displayWidth(ofScalar: first) > 0,
           scalars.dropFirst().allSatisfy({ displayWidth(ofScalar: $0) == 0 }),
           measured == nil || measured == displayWidth(ofScalar: first)
        {
            self = .cell(scalars.map { wchar_t(bitPattern: $0.value) } + [0])
        } else {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            let glyphs = terminalGlyphs(of: symbol)
            self = .spliced(standIns: measured.map { Self.standIns(glyphs, filling: $0) } ?? glyphs, bytes: Array(String(text).utf8))
        }
    }

    /// The glyphs that fit in `width` columns, then blanks up to it: what ncurses keeps
    /// for a cluster the terminal draws `width` columns wide, so that its idea of the
    /// columns after it is the terminal's.
    static func standIns(_ glyphs: [TerminalGlyph], filling width: Int) -> [TerminalGlyph] {
        var standIns: [TerminalGlyph] = []
        var used = 0
        for glyph in glyphs {
            guard used + glyph.width <= width else { break }
            standIns.append(glyph)
            used += glyph.width
        }
        return standIns + Array(repeating: TerminalGlyph(scalars: [" "], width: 1), count: width - used)
    }

    var isSpliced: Bool {
        if case .spliced = self { true } else { false }
    }

    /// Whether a scalar may be sent to the terminal: never a control character (it would
    /// move the cursor or start an escape sequence), a line or paragraph separator, or a
    /// noncharacter.
    static func isSendable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate: false
        default: !scalar.properties.isNoncharacterCodePoint
        }
    }
}
