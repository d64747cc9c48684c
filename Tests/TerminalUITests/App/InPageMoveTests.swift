import Testing
import TerminalUI

/// What a move within the page changes on screen, which is what the terminal is sent
/// (BENCHMARKS.md, in-page moves): the name the selection leaves, the name it reaches and
/// the position's last digit, and nothing else.
@Suite("A move within the page")
struct InPageMoveTests {
    @Test("Down rewrites the two names and the position's digit; the name left is plain, the one reached bold reverse")
    func downRewritesTwoNames() async throws {
        let harness = try await AppHarness.make()
        await harness.app.press(.down, .enter)  // Bird Food: five products, the first selected
        await harness.app.wait(.seconds(1))
        let before = await harness.app.frame()
        await harness.app.press(.down)
        let after = await harness.app.frame()

        let changes = after.buffer.diff(from: before.buffer)
        #expect(changes.map(\.y) == [1, 2, 22])
        let cells = { (change: Buffer.Change) in change.columns.compactMap { after.buffer.cell(x: $0, y: change.y) } }
        // From the blank before the name to the blank after it; the glyph beside it stays.
        #expect(changes.first?.columns == 2..<20)  // " Sunflower Hearts "
        #expect(changes.first.map(cells)?.allSatisfy { $0.style == .plain } == true)
        #expect(changes.dropFirst().first?.columns == 2..<22)  // " Hummingbird Nectar "
        #expect(changes.dropFirst().first.map(cells)?.allSatisfy { $0.style == Style([.bold, .reverse]) } == true)
        #expect(changes.last?.columns == 76..<77)  // "1/5" becomes "2/5"
        #expect(after.buffer.textLines()[22].hasSuffix("2/5 "))
        #expect(changes.last.map(cells)?.allSatisfy { $0.style == .plain } == true)
        // The hardware cursor follows, on the new row's glyph.
        #expect(after.cursor == Position(x: 1, y: 2))
    }
}
