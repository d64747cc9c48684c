import Testing
import TerminalUI

@Suite("Key bindings and the help line")
struct KeyBindingTests {
    enum Action: Hashable, Sendable { case move, buy, restore, quit, redraw }

    let bindings = [
        KeyBinding([.up, .down], help: "move", action: Action.move),
        KeyBinding([.enter, .space], help: "buy", action: .buy),
        KeyBinding([.char("r")], help: "restore", action: .restore),
        KeyBinding([.char("q"), .ctrl("c")], help: "quit", action: .quit),
        KeyBinding([.ctrl("l")], help: "", action: .redraw),
    ]

    @Test("A key dispatches to the action of the first binding that lists it")
    func dispatch() {
        #expect(bindings.action(for: .space) == .buy)
        #expect(bindings.action(for: .ctrl("c")) == .quit)
        #expect(bindings.action(for: .ctrl("l")) == .redraw)
        #expect(bindings.action(for: .char("x")) == nil)
    }

    @Test("The help line lists bindings in table order and hides unlabelled ones")
    func helpLine() {
        #expect(bindings.helpLine(width: 80, options: RenderOptions())
            == "↑/↓ move  enter/space buy  r restore  q/ctrl-c quit")
    }

    @Test("Entries that do not fit are left out whole", arguments: [10, 20, 27, 38, 49])
    func fitsWidth(width: Int) {
        let line = bindings.helpLine(width: width, options: RenderOptions())
        #expect(displayWidth(of: line) <= width)
        #expect(!line.hasSuffix(" "))
        #expect(line.hasPrefix("↑/↓ move"))
    }

    @Test("A first entry wider than the bar is truncated, dropping the space before the ellipsis")
    func tiny() {
        #expect(bindings.helpLine(width: 5, options: RenderOptions()) == "↑/↓…")
    }

    @Test("ASCII mode names arrows in words")
    func asciiLabels() {
        #expect(bindings.helpLine(width: 14, options: RenderOptions(ascii: true)) == "up/down move")
    }
}
