import TerminalScripting
import Testing
import TerminalUI

@Suite("ANSI frame encoder")
struct ANSIFrameEncoderTests {
    /// A shop row with colours, reverse video, yen and CJK text.
    static func shopScreen(price: String = "¥500", selected: Bool = true) -> Buffer {
        var buffer = Buffer(width: 30, height: 4)
        buffer.write("Cheers › 応援", x: 1, y: 0, style: Style(.bold))
        let row = Style(selected ? [.reverse] : [], foreground: .cyan)
        buffer.fill(Rect(x: 0, y: 2, width: 30, height: 1), style: row)
        buffer.write("線香花火", x: 1, y: 2, style: row.patched(with: Style(.bold)))
        buffer.write(price, x: 20, y: 2, style: row.patched(with: Style(foreground: .green)))
        buffer.write("q quit", x: 1, y: 3, style: Style(.dim, background: .blue))
        return buffer
    }

    @Test func firstFrameClearsAndDrawsEverything() {
        var encoder = ANSIFrameEncoder()
        let buffer = Self.shopScreen()
        let bytes = encoder.encode(buffer, cursor: Position(x: 1, y: 2))
        #expect(bytes.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))

        var screen = ANSIScreen(width: 30, height: 4)
        screen.apply(bytes)
        #expect(screen.unknown == [])
        #expect(screen.buffer == buffer)
        #expect(screen.buffer.styleRuns() == buffer.styleRuns())
        #expect(screen.cursor == Position(x: 1, y: 2))
        #expect(screen.cursorVisible)
    }

    @Test func laterFramesWriteOnlyWhatChanged() {
        var encoder = ANSIFrameEncoder()
        var screen = ANSIScreen(width: 30, height: 4)
        screen.apply(encoder.encode(Self.shopScreen(), cursor: nil))

        let next = Self.shopScreen(price: "¥1,000")
        let bytes = encoder.encode(next, cursor: nil)
        #expect(!bytes.contains("\u{1B}[2J"))
        #expect(!bytes.contains("線香花火"))
        #expect(!bytes.contains("quit"))
        screen.apply(bytes)
        #expect(screen.buffer == next)
        #expect(screen.unknown == [])
    }

    @Test func anUnchangedFrameWritesNothing() {
        var encoder = ANSIFrameEncoder()
        _ = encoder.encode(Self.shopScreen(), cursor: Position(x: 1, y: 2))
        #expect(encoder.encode(Self.shopScreen(), cursor: Position(x: 1, y: 2)) == "")
    }

    @Test func theCursorMovesAndHidesWithoutRedrawing() {
        var encoder = ANSIFrameEncoder()
        var screen = ANSIScreen(width: 30, height: 4)
        screen.apply(encoder.encode(Self.shopScreen(), cursor: Position(x: 1, y: 2)))

        let moved = encoder.encode(Self.shopScreen(), cursor: Position(x: 1, y: 3))
        #expect(moved == "\u{1B}[4;2H")
        screen.apply(moved)
        #expect(screen.cursor == Position(x: 1, y: 3))

        screen.apply(encoder.encode(Self.shopScreen(), cursor: nil))
        #expect(!screen.cursorVisible)
    }

    @Test func aNewSizeRedrawsFromAClearScreen() {
        var encoder = ANSIFrameEncoder()
        _ = encoder.encode(Self.shopScreen(), cursor: nil)
        var small = Buffer(width: 12, height: 2)
        small.write("Too small", x: 0, y: 0, style: Style(.bold))
        let bytes = encoder.encode(small, cursor: nil)
        #expect(bytes.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))

        var screen = ANSIScreen(width: 12, height: 2)
        screen.apply(bytes)
        #expect(screen.buffer == small)
    }

    @Test func multiScalarSymbolsPutTheCursorBackOnTheGrid() {
        var buffer = Buffer(width: 10, height: 1)
        buffer.write("🇯🇵ok", x: 0, y: 0)
        var encoder = ANSIFrameEncoder()
        let bytes = encoder.encode(buffer, cursor: nil)
        // After the flag, the next cell's column is set explicitly, whatever width a
        // terminal gave the flag.
        let afterFlag = bytes.components(separatedBy: "🇯🇵").last ?? ""
        #expect(afterFlag.hasPrefix("\u{1B}[1;\(displayWidth(of: "🇯🇵") + 1)H"))

        var screen = ANSIScreen(width: 10, height: 1)
        screen.apply(bytes)
        #expect(screen.buffer == buffer)
    }

    @Test func finishingResetsTheAttributesAndShowsTheCursor() {
        var encoder = ANSIFrameEncoder()
        var screen = ANSIScreen(width: 30, height: 4)
        screen.apply(encoder.encode(Self.shopScreen(), cursor: nil))
        // The last attributes written were the help line's dim on blue.
        screen.apply(encoder.finish() + "\u{1B}[3;1Hx")
        #expect(screen.cursorVisible)
        #expect(screen.buffer.cell(x: 0, y: 2) == Buffer(lines: ["x"]).cell(x: 0, y: 0))
    }
}
