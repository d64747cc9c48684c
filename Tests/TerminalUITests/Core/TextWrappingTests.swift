import Testing
import TerminalUI

@Suite("Word wrap by display width")
struct TextWrappingTests {
    @Test("Words move to the next line when they do not fit")
    func words() {
        #expect("Feed the birds every morning".wrapped(toWidth: 12) == ["Feed the", "birds every", "morning"])
    }

    @Test("A word longer than the width is broken")
    func longWord() {
        #expect("Supercalifragilistic".wrapped(toWidth: 8) == ["Supercal", "ifragili", "stic"])
    }

    @Test("A path longer than the width breaks after a slash, never inside a folder's name")
    func path() {
        let lines = "with the ledger /home/ada/.local/share/storefront/backyardbirds/ledger.sqlite".wrapped(toWidth: 30)
        #expect(lines == ["with the ledger", "/home/ada/.local/share/", "storefront/backyardbirds/", "ledger.sqlite"])
    }

    @Test("CJK text breaks between characters and never exceeds the width")
    func cjk() {
        let lines = "鳥の餌セットです".wrapped(toWidth: 7)
        #expect(lines == ["鳥の餌", "セット", "です"])
        #expect(lines.allSatisfy { displayWidth(of: $0) <= 7 })
    }

    @Test("Kinsoku: no line starts with closing punctuation or ends with opening punctuation")
    func kinsoku() {
        // Without the rule the full stop would start the second line.
        #expect("エラーが発生しました。".wrapped(toWidth: 20) == ["エラーが発生しまし", "た。"])
        #expect("購入が承認されると「Sunflower」をご利用".wrapped(toWidth: 20) == ["購入が承認されると", "「Sunflower」をご利", "用"])
        #expect("成功了！好".wrapped(toWidth: 7) == ["成功", "了！好"])
    }

    @Test("No-break spaces keep a price together")
    func noBreakSpace() {
        let lines = "Total ￥\u{A0}1\u{202F}200 today".wrapped(toWidth: 10)
        #expect(lines == ["Total", "￥\u{A0}1\u{202F}200", "today"])
    }

    @Test("Newlines start new lines and empty lines are kept")
    func newlines() {
        #expect("One\n\nTwo three".wrapped(toWidth: 20) == ["One", "", "Two three"])
    }

    @Test("Every line fits for many widths", arguments: 1...30)
    func allLinesFit(width: Int) {
        let text = "Backyard Birds 鳥の餌 ￥1,200 — a Привет 👨‍👩‍👧 pass, renews monthly."
        let lines = text.wrapped(toWidth: width)
        let widest = lines.map { displayWidth(of: $0) }.max() ?? 0
        // A lone wide character is the only thing allowed to overflow width 1.
        #expect(widest <= max(width, 2))
        let kept = lines.joined().filter { !$0.isWhitespace }
        #expect(kept == text.filter { !$0.isWhitespace })
    }

    @Test("Nothing to wrap gives no lines")
    func empty() {
        #expect("".wrapped(toWidth: 10).isEmpty)
        #expect("text".wrapped(toWidth: 0).isEmpty)
    }
}
