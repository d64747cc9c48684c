import Testing
import TerminalUI

@Suite("Rect and layout")
struct LayoutTests {
    let screen = Rect(x: 0, y: 0, width: 80, height: 24)

    @Test("Header, body and help bar split the screen's rows")
    func vertical() {
        let rows = screen.split(.vertical([.fixed(1), .fill(1), .fixed(1)]))
        #expect(rows == [
            Rect(x: 0, y: 0, width: 80, height: 1),
            Rect(x: 0, y: 1, width: 80, height: 22),
            Rect(x: 0, y: 23, width: 80, height: 1),
        ])
    }

    @Test("Horizontal splits keep the rows and share columns by weight, with spacing")
    func horizontal() {
        let area = Rect(x: 5, y: 2, width: 31, height: 10)
        let columns = area.split(.horizontal([.fill(1), .fill(2)], spacing: 1))
        #expect(columns == [Rect(x: 5, y: 2, width: 10, height: 10), Rect(x: 16, y: 2, width: 20, height: 10)])
    }

    @Test("Leftover columns go to the first growable areas")
    func remainder() {
        let columns = Rect(x: 0, y: 0, width: 10, height: 1).split(.horizontal([.fill(1), .fill(1), .fill(1)]))
        #expect(columns.map(\.width) == [4, 3, 3])
        #expect(columns.map(\.x) == [0, 4, 7])
    }

    @Test("A min area gets its minimum plus a share")
    func minimum() {
        let rows = Rect(x: 0, y: 0, width: 1, height: 20).split(.vertical([.min(5), .fixed(3), .fill(1)]))
        #expect(rows.map(\.height) == [11, 3, 6])
    }

    @Test("When space runs out, earlier areas keep their size and later ones shrink")
    func overflow() {
        let rows = Rect(x: 0, y: 0, width: 1, height: 15).split(.vertical([.fixed(10), .fixed(10), .fill(1)]))
        #expect(rows.map(\.height) == [10, 5, 0])
        #expect(rows.allSatisfy { $0.maxY <= 15 })
    }

    @Test("Intersection and insets never go negative")
    func rectMath() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 20, y: 0, width: 5, height: 5)).isEmpty)
        #expect(a.inset(by: Insets(all: 1)) == Rect(x: 1, y: 1, width: 8, height: 8))
        #expect(a.inset(by: Insets(horizontal: 6)).isEmpty)
        #expect(a.contains(x: 9, y: 9) && !a.contains(x: 10, y: 0))
    }
}
