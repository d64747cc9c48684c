import Testing
import TerminalUI

@Suite("Render options, glyphs and spinner")
struct RenderOptionsTests {
    @Test("NO_COLOR set to anything non-empty turns colour off")
    func noColor() {
        #expect(RenderOptions(environment: [:]).color)
        #expect(RenderOptions(environment: ["NO_COLOR": ""]).color)
        #expect(!RenderOptions(environment: ["NO_COLOR": "1"]).color)
    }

    @Test("Without colour, styles keep their attributes only")
    func stripColor() {
        let style = Style([.bold, .reverse], foreground: .red, background: .blue)
        #expect(RenderOptions(color: false).style(style) == Style([.bold, .reverse]))
        #expect(RenderOptions().style(style) == style)
    }

    @Test("ASCII mode maps symbols to ASCII: ⚠ to !, ✓ to *, box drawing to +-|")
    func asciiGlyphs() {
        let ascii = RenderOptions(ascii: true)
        #expect(ascii.glyph(.warning) == "!")
        #expect(ascii.glyph(.check) == "*")
        #expect(ascii.glyph(.topLeftCorner) == "+")
        #expect(ascii.glyph(.horizontalLine) == "-")
        #expect(ascii.glyph(.verticalLine) == "|")
        #expect(RenderOptions().glyph(.warning) == "⚠")
        for glyph in Glyph.allCases {
            #expect(glyph.ascii.unicodeScalars.allSatisfy { $0.isASCII }, "\(glyph)")
            #expect(displayWidth(of: glyph.unicode) == 1, "\(glyph) must stay one column")
        }
    }

    @Test("Spinner frames follow elapsed time and wrap around")
    func spinner() {
        let unicode = RenderOptions()
        let frames = (0..<11).map { Spinner.frame(at: Spinner.interval * $0, options: unicode) }
        #expect(frames.prefix(3) == ["⠋", "⠙", "⠹"])
        #expect(frames[10] == frames[0])
        #expect(Set(frames).count == 10)
        #expect(Spinner.frame(at: .milliseconds(79), options: unicode) == "⠋")
        #expect(Spinner.frame(at: .seconds(-1), options: unicode) == "⠋")
    }

    @Test("The ASCII spinner turns |/-\\")
    func asciiSpinner() {
        let ascii = RenderOptions(ascii: true)
        let frames = (0..<5).map { Spinner.frame(at: Spinner.interval * $0, options: ascii) }
        #expect(frames == ["|", "/", "-", "\\", "|"])
    }
}
