import Testing
import TerminalUI

@Suite("Buffer diff")
struct BufferDiffTests {
    @Test("An unchanged frame has no changes")
    func identical() {
        let frame = Buffer(lines: ["Backyard Birds", "鳥の餌 ￥300"])
        #expect(frame.diff(from: frame).isEmpty)
    }

    @Test("A price change reports only the changed column")
    func oneCell() {
        let before = Buffer(lines: ["Buy  ￥300"])
        var after = before
        after.write("￥320", x: 5, y: 0)
        #expect(after.diff(from: before) == [Buffer.Change(y: 0, columns: 8..<9)])
    }

    @Test("Moving the selection reports the two rows whose style changed")
    func selectionMove() {
        var before = Buffer(lines: ["Seeds", "Feeder", "Bath"])
        before.applyStyle(Style(.reverse), to: Rect(x: 0, y: 0, width: 6, height: 1))
        var after = Buffer(lines: ["Seeds", "Feeder", "Bath"])
        after.applyStyle(Style(.reverse), to: Rect(x: 0, y: 1, width: 6, height: 1))
        #expect(after.diff(from: before) == [
            Buffer.Change(y: 0, columns: 0..<6),
            Buffer.Change(y: 1, columns: 0..<6),
        ])
    }

    @Test("A change inside a wide character covers all of its columns")
    func wideChange() {
        let before = Buffer(lines: ["a中b"])
        var styled = before
        styled.applyStyle(Style(.bold), to: Rect(x: 2, y: 0, width: 1, height: 1))
        #expect(styled.diff(from: before) == [Buffer.Change(y: 0, columns: 1..<3)])
        var replaced = before
        replaced.write("xy", x: 1, y: 0)
        #expect(replaced.diff(from: before) == [Buffer.Change(y: 0, columns: 1..<3)])
    }

    @Test("A size change rewrites every row")
    func sizeChange() {
        let small = Buffer(width: 3, height: 2)
        let large = Buffer(width: 4, height: 2)
        #expect(large.diff(from: small) == [Buffer.Change(y: 0, columns: 0..<4), Buffer.Change(y: 1, columns: 0..<4)])
    }

    @Test("Copying the changed runs onto the old frame reproduces the new one", arguments: 1...20)
    func diffIsComplete(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let words = ["a", "bc", "中", "￥1", "🐦", "Привет", "e\u{301}", " "]
        let styles = [Style.plain, Style(.bold), Style(.reverse, foreground: .green)]
        var before = Buffer(width: 12, height: 4)
        var after = before
        for _ in 0..<20 {
            before.write(random.pick(words), x: random.below(12), y: random.below(4), style: random.pick(styles))
            after.write(random.pick(words), x: random.below(12), y: random.below(4), style: random.pick(styles))
        }
        var patched = before
        for change in after.diff(from: before) {
            #expect(after.cell(x: change.columns.lowerBound, y: change.y)?.isContinuation == false)
            for column in change.columns {
                patched.copyCell(from: after, x: column, y: change.y)
            }
        }
        #expect(patched == after)
    }
}

/// A small seeded generator so every run of the test sees the same buffers.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

extension Buffer {
    /// Copies one column the way a backend would redraw it: a lead cell with its symbol
    /// and style, a continuation cell as part of the lead before it.
    mutating func copyCell(from other: Buffer, x: Int, y: Int) {
        guard let cell = other.cell(x: x, y: y), !cell.isContinuation else { return }
        write(cell.symbol, x: x, y: y, style: cell.style)
    }
}
