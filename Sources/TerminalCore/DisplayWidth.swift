// Display width: how many terminal columns text takes, measured the way ncursesw
// does (glibc wcwidth per code point), applied per grapheme cluster.

/// The number of terminal columns a Unicode scalar takes, like glibc's `wcwidth`,
/// except that what wcwidth rejects as unprintable (control characters, line and
/// paragraph separators, noncharacters) counts 0 instead of -1.
///
/// ```swift
/// displayWidth(ofScalar: "中")   // 2
/// displayWidth(ofScalar: "\u{301}") // 0 (combining acute accent)
/// ```
public func displayWidth(ofScalar scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if isUnprintable(scalar) { return 0 }
    if value == 0xAD { return 1 }  // glibc draws the soft hyphen
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark:
        return 0
    case .format:
        return isPrependedConcatenationMark(value) ? 1 : 0
    default:
        break
    }
    // Hangul medial vowels and final consonants join the leading consonant's cell.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    if isRegionalIndicator(value) { return 1 }  // glibc: one column each; a flag pair is two
    if properties.isEmojiPresentation || isWideNonEmoji(value) { return 2 }
    return 1
}

/// The number of terminal columns one grapheme cluster takes on an ncurses screen: the
/// width the terminal was measured to draw it in (`TerminalWidths`), else as follows.
///
/// Each spacing code point adds its own width; combining marks, variation selectors
/// and other zero-width code points add nothing. An emoji ZWJ sequence or an emoji
/// with a skin-tone modifier counts as its first emoji (2 columns), as terminals that
/// join such sequences draw them; the backend writes the whole sequence there.
///
/// ```swift
/// displayWidth(of: Character("é"))            // 1
/// displayWidth(of: Character("👨‍👩‍👧"))      // 2
/// displayWidth(of: Character("\u{FFE5}"))     // 2 (full-width yen)
/// ```
public func displayWidth(of cluster: Character) -> Int {
    if let ascii = cluster.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
    // What this terminal was seen to draw wins over the table (see `TerminalWidths`).
    if let measured = TerminalWidths.width(of: cluster) { return measured }
    var width = 0
    forEachTerminalGlyph(in: cluster.unicodeScalars) { _, glyphWidth in width += glyphWidth }
    return width
}

/// The number of terminal columns a string takes: the sum over its grapheme clusters.
/// Use it for every layout decision; `String.count` counts clusters, not columns.
///
/// ```swift
/// displayWidth(of: "Backyard Birds")  // 14
/// displayWidth(of: "鳥の餌 ￥1,200")    // 14
/// ```
public func displayWidth(of text: some StringProtocol) -> Int {
    let utf8 = text.utf8
    if utf8.allSatisfy({ $0 < 0x80 }) {
        return utf8.reduce(0) { $0 + ($1 >= 0x20 && $1 < 0x7F ? 1 : 0) }
    }
    return text.reduce(0) { $0 + displayWidth(of: $1) }
}

/// What an ncurses cell shows for part of a grapheme cluster: one spacing code point
/// followed by the zero-width code points that attach to it.
///
/// ```swift
/// let glyphs = terminalGlyphs(of: "🇯🇵")   // two glyphs, one regional indicator each
/// glyphs.map(\.width)                    // [1, 1]
/// ```
public struct TerminalGlyph: Sendable, Hashable {
    /// The spacing code point first, then its combining code points.
    public var scalars: [Unicode.Scalar]
    /// Columns the glyph takes: 1 or 2.
    public var width: Int

    public init(scalars: [Unicode.Scalar], width: Int) {
        self.scalars = scalars
        self.width = width
    }
}

/// Splits a grapheme cluster into the glyphs a cell-based terminal draws, left to right
/// (the backend keeps them in ncurses for a cluster it writes whole itself).
/// Their widths add up to `displayWidth(of:)` when the terminal was not measured. Parts a cell cannot hold are left out:
/// unprintable code points (controls, separators), everything from a zero-width joiner on, skin-tone modifiers after
/// an emoji and U+FE0F (so a text-default symbol such as ❤ keeps its one-column width).
///
/// ```swift
/// terminalGlyphs(of: "e\u{301}").count   // 1: "e" with the accent attached
/// ```
public func terminalGlyphs(of cluster: String) -> [TerminalGlyph] {
    var glyphs: [TerminalGlyph] = []
    forEachTerminalGlyph(in: cluster.unicodeScalars) { scalar, width in
        if width > 0 {
            glyphs.append(TerminalGlyph(scalars: [scalar], width: width))
        } else if !glyphs.isEmpty {
            glyphs[glyphs.count - 1].scalars.append(scalar)
        }
    }
    return glyphs
}

/// Walks the scalars a terminal shows: `visit(scalar, width)` with width > 0 starts a
/// glyph, width 0 attaches a combining scalar to the glyph before it (only ever sent
/// after a glyph has started).
private func forEachTerminalGlyph(
    in scalars: String.UnicodeScalarView,
    _ visit: (Unicode.Scalar, Int) -> Void
) {
    var hasGlyph = false
    for scalar in scalars {
        let value = scalar.value
        if value == 0x200D { return }  // ZWJ: the joined remainder cannot share the cell
        if value == 0xFE0F || isUnprintable(scalar) { continue }
        if hasGlyph && (0x1F3FB...0x1F3FF).contains(value) { continue }  // skin tone
        let width = displayWidth(ofScalar: scalar)
        if width > 0 {
            hasGlyph = true
            visit(scalar, width)
        } else if hasGlyph {
            visit(scalar, 0)
        }
    }
}

/// Code points wcwidth reports as -1 although assigned; they must never reach the screen.
private func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F..<0xA0).contains(value) || value == 0x2028 || value == 0x2029
        || scalar.properties.isNoncharacterCodePoint
}

private func isRegionalIndicator(_ value: UInt32) -> Bool {
    (0x1F1E6...0x1F1FF).contains(value)
}

// Format characters that glibc draws (they sit in front of Arabic digits and the like).
private func isPrependedConcatenationMark(_ value: UInt32) -> Bool {
    switch value {
    case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: true
    default: false
    }
}
