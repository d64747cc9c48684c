import Testing
import TerminalUI

@Suite("Truncating and padding by display width")
struct TextFittingTests {
    @Test("Text that fits is unchanged")
    func fits() {
        #expect("Tip Jar".truncated(toWidth: 7) == "Tip Jar")
        #expect("鳥の餌".truncated(toWidth: 6) == "鳥の餌")
    }

    @Test("Long text ends in an ellipsis within the width, without a space before it")
    func ellipsis() {
        #expect("Backyard Birds Pass".truncated(toWidth: 10) == "Backyard…")
        #expect("Backyard Birds Pass".truncated(toWidth: 12) == "Backyard Bi…")
    }

    @Test("A wide character that would cross the limit is left out, not split")
    func wideBoundary() {
        let cut = "鳥の餌セット".truncated(toWidth: 6)
        #expect(cut == "鳥の…")
        #expect(displayWidth(of: cut) == 5)
    }

    @Test("An ASCII ellipsis is counted by its width too")
    func asciiEllipsis() {
        let cut = "Premium membership".truncated(toWidth: 10, ellipsis: "...")
        #expect(cut == "Premium...")
        #expect(displayWidth(of: cut) == 10)
    }

    @Test("Widths too small for the ellipsis cut without one; zero gives nothing")
    func tinyWidths() {
        #expect("Premium".truncated(toWidth: 2, ellipsis: "...") == "Pr")
        #expect("Premium".truncated(toWidth: 0) == "")
    }

    @Test("Padding fills display columns, not characters")
    func padding() {
        #expect("￥120".padded(toWidth: 7, alignment: .trailing) == "  ￥120")
        #expect("鳥".padded(toWidth: 5, alignment: .center) == " 鳥  ")
        #expect("ok".padded(toWidth: 4) == "ok  ")
        #expect("too wide".padded(toWidth: 3) == "too wide")
    }
}
