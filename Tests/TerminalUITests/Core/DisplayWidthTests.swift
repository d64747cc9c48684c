import Testing
import TerminalUI

@Suite("Display width")
struct DisplayWidthTests {
    @Test("ASCII text takes one column per character")
    func ascii() {
        #expect(displayWidth(of: "Backyard Birds") == 14)
        #expect(displayWidth(of: "") == 0)
    }

    @Test("CJK, kana and Hangul take two columns each, unlike String.count")
    func eastAsianWide() {
        #expect(displayWidth(of: "鳥の餌") == 6)
        #expect("鳥の餌".count == 3)
        #expect(displayWidth(of: "バードセット") == 12)
        #expect(displayWidth(of: "새 모이") == 7)
    }

    @Test("Full-width yen is two columns, the ordinary yen sign one")
    func yen() {
        #expect(displayWidth(of: "\u{FFE5}") == 2)
        #expect(displayWidth(of: "\u{A5}") == 1)
        #expect(displayWidth(of: "￥1,200") == 7)
    }

    @Test("No-break spaces are one column")
    func noBreakSpaces() {
        #expect(displayWidth(of: "\u{A0}") == 1)
        #expect(displayWidth(of: "\u{202F}") == 1)
        #expect(displayWidth(of: "1\u{202F}200\u{A0}€") == 7)
    }

    @Test("Arabic and Cyrillic letters are one column; Arabic vowel marks add nothing")
    func arabicAndCyrillic() {
        #expect(displayWidth(of: "مرحبا") == 5)
        #expect(displayWidth(of: "مَرْحَبًا") == 5)
        #expect(displayWidth(of: "Привет") == 6)
    }

    @Test("Emoji with emoji presentation take two columns")
    func emoji() {
        #expect(displayWidth(of: "🐦") == 2)
        #expect(displayWidth(of: "Tip 💰") == 6)
    }

    @Test("A ZWJ sequence, a skin-tone emoji and a flag each take two columns")
    func emojiSequences() {
        #expect(displayWidth(of: Character("👨‍👩‍👧")) == 2)
        #expect(displayWidth(of: Character("👍🏽")) == 2)
        #expect(displayWidth(of: Character("🇯🇵")) == 2)
        #expect(displayWidth(of: "👨‍👩‍👧 family") == 9)
    }

    @Test("A text-default symbol stays one column even with VS16, as wcwidth measures it")
    func variationSelector() {
        #expect(displayWidth(of: Character("\u{2764}\u{FE0F}")) == 1)
        #expect(displayWidth(of: "\u{FE0F}") == 0)
    }

    @Test("Combining marks and conjoining Hangul jamo join the cell before them")
    func combining() {
        #expect(displayWidth(of: "e\u{301}") == 1)
        #expect(displayWidth(of: "Cafe\u{301}") == 4)
        #expect(displayWidth(of: "\u{1112}\u{1161}\u{11AB}") == 2)
    }

    @Test("Zero-width and control characters take no columns")
    func zeroWidth() {
        #expect(displayWidth(of: "a\u{200B}b") == 2)
        #expect(displayWidth(of: "a\tb\n") == 2)
        #expect(displayWidth(of: "\r\n") == 0)
        #expect(displayWidth(ofScalar: "\u{7F}") == 0)
    }

    @Test("Terminal glyphs split a cluster into what ncurses cells can hold")
    func glyphs() {
        let accented = terminalGlyphs(of: "e\u{301}")
        #expect(accented == [TerminalGlyph(scalars: ["e", "\u{301}"], width: 1)])
        #expect(terminalGlyphs(of: "👨‍👩‍👧") == [TerminalGlyph(scalars: ["\u{1F468}"], width: 2)])
        #expect(terminalGlyphs(of: "👍🏽") == [TerminalGlyph(scalars: ["\u{1F44D}"], width: 2)])
        #expect(terminalGlyphs(of: "🇯🇵").map(\.width) == [1, 1])
        #expect(terminalGlyphs(of: "\u{2764}\u{FE0F}") == [TerminalGlyph(scalars: ["\u{2764}"], width: 1)])
        #expect(terminalGlyphs(of: "\u{301}").isEmpty)
    }

    @Test("Glyph widths add up to the cluster's display width", arguments: [
        "a", "中", "￥", "e\u{301}", "👨‍👩‍👧", "👍🏽", "🇯🇵", "\u{2764}\u{FE0F}", "क्ष", "\u{1112}\u{1161}\u{11AB}",
    ])
    func glyphWidthsMatch(cluster: String) {
        let character = Character(cluster)
        #expect(terminalGlyphs(of: cluster).reduce(0) { $0 + $1.width } == displayWidth(of: character))
    }
}
