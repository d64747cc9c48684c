import Testing
import TerminalUI

@Suite("Title bar, help bar and the too-small message")
struct BarsTests {
    @Test("The title bar puts the title left and the note right")
    func titleBar() {
        var buffer = Buffer(width: 40, height: 1)
        TitleBar(title: "Backyard Birds", trailing: "United Kingdom").render(in: buffer.area, context: StoreContext(options: RenderOptions()), into: &buffer)
        #expect(buffer.textLines() == [" Backyard Birds          United Kingdom "])
        #expect(buffer.styleRuns() == ["row 0 col 1-14: bold", "row 0 col 25-38: dim"])
    }

    @Test("A long title gives way to the note, with an ellipsis")
    func longTitle() {
        var buffer = Buffer(width: 30, height: 1)
        TitleBar(title: "Backyard Birds Seed Emporium and Café", trailing: "日本").render(in: buffer.area, context: StoreContext(options: RenderOptions()), into: &buffer)
        #expect(buffer.textLines() == [" Backyard Birds Seed E…  日本 "])
    }

    @Test("The help bar comes from the key bindings and leaves out what does not fit")
    func helpBar() {
        var buffer = Buffer(width: 40, height: 1)
        HelpBar(bindings: helpBindings).render(in: buffer.area, context: StoreContext(options: RenderOptions(ascii: true)), into: &buffer)
        #expect(buffer.textLines() == [" up/down move  enter buy  / filter      "])
    }

    @Test("Below 30x8 the store gives way to a message naming both sizes", arguments: [(29, 8), (30, 7), (12, 3)])
    func tooSmall(size: (Int, Int)) {
        #expect(!TooSmallMessage.fits(width: size.0, height: size.1))
        var buffer = Buffer(width: size.0, height: size.1)
        TooSmallMessage(width: size.0, height: size.1).render(in: buffer.area, context: StoreContext(options: RenderOptions()), into: &buffer)
        let text = buffer.textLines().joined(separator: " ")
        #expect(text.contains("\(size.0)x\(size.1)"))
        #expect(text.contains("30x8"))
    }

    @Test("The too-small message, centred")
    func tooSmallScreen() {
        var buffer = Buffer(width: 28, height: 7)
        TooSmallMessage(width: 28, height: 7).render(in: buffer.area, context: StoreContext(options: RenderOptions()), into: &buffer)
        assertScreen(buffer, named: "28x7")
        #expect(TooSmallMessage.fits(width: 30, height: 8))
    }
}
