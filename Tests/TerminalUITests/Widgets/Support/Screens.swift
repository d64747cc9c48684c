import Foundation
import SnapshotTesting
import StorefrontTesting
import Testing
import TerminalUI

/// The screen sizes every widget is checked at.
let screenSizes = [(80, 24), (40, 12), (120, 40)]

enum HelpAction: Hashable, Sendable {
    case move, buy, filter, restore, quit
}

let helpBindings = [
    KeyBinding([.up, .down], help: "move", action: HelpAction.move),
    KeyBinding([.enter], help: "buy", action: .buy),
    KeyBinding([.char("/")], help: "filter", action: .filter),
    KeyBinding([.char("r")], help: "restore", action: .restore),
    KeyBinding([.char("q")], help: "quit", action: .quit),
]

/// A whole screen as the app lays it out: title bar, the widget's body, help bar.
func screen(
    width: Int, height: Int, title: String = "Backyard Birds", options: RenderOptions = RenderOptions(),
    body: (Rect, inout Buffer) -> Void
) -> Buffer {
    var buffer = Buffer(width: width, height: height)
    TitleBar(title: title, trailing: "United Kingdom").render(in: Rect(x: 0, y: 0, width: width, height: 1), context: StoreContext(options: options), into: &buffer)
    body(Rect(x: 0, y: 1, width: width, height: height - 2), &buffer)
    HelpBar(bindings: helpBindings).render(in: Rect(x: 0, y: height - 1, width: width, height: 1), context: StoreContext(options: options), into: &buffer)
    return buffer
}

/// Compares `buffer` with the styled-text snapshot (StorefrontTesting's `.styledScreen`) `name` in Tests/TerminalUITests/__Snapshots__/<file>/.
/// Missing snapshots are recorded (the test fails once, then passes).
func assertScreen(
    _ buffer: Buffer, named name: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    let file = URL(fileURLWithPath: "\(filePath)")
    let directory = file.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
        .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
    let failure = verifySnapshot(
        of: buffer, as: .styledScreen, named: name, snapshotDirectory: directory.path,
        fileID: fileID, file: filePath, testName: testName, line: line, column: column
    )
    if let failure {
        Issue.record(
            Comment(rawValue: failure),
            sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        )
    }
}

/// The display column where `text` starts on row `y`, or nil when it is not there.
/// Zero-width clusters (direction marks) never reach the screen, so they are ignored.
func column(of text: String, inRow y: Int, of buffer: Buffer) -> Int? {
    var symbols: [(x: Int, symbol: String)] = []
    for x in 0..<buffer.width {
        guard let cell = buffer.cell(x: x, y: y), !cell.isContinuation else { continue }
        symbols.append((x, cell.symbol))
    }
    let needle = text.filter { displayWidth(of: $0) > 0 }.map(String.init)
    guard !needle.isEmpty, needle.count <= symbols.count else { return nil }
    for start in 0...(symbols.count - needle.count)
    where zip(symbols[start...], needle).allSatisfy({ $0.0.symbol == $0.1 }) {
        return symbols[start].x
    }
    return nil
}

/// The column just after `text` on row `y`.
func endColumn(of text: String, inRow y: Int, of buffer: Buffer) -> Int? {
    column(of: text, inRow: y, of: buffer).map { $0 + displayWidth(of: text) }
}

/// The first row whose text contains `text`.
func row(containing text: String, in buffer: Buffer) -> Int? {
    buffer.textLines().firstIndex { $0.contains(text) }
}
