import TerminalCore
import Testing

/// The clusters `storefront run` asks the terminal to measure before its first frame, read
/// from every name the shop may show.
@Suite("Disputed clusters")
struct DisputedClustersTests {
    @Test("Each disputed cluster once, in the order met: ZWJ sequences, VS16, keycaps, skin tones, flags")
    func found() {
        let names = ["Family 👨‍👩‍👧 pack", "Love ❤️", "Top 5️⃣", "Thanks 👍🏽", "Made in 🇯🇵", "More ❤️ and 👍🏽", "Again 👨‍👩‍👧"]
        #expect(TerminalWidths.disputedClusters(in: names) == ["👨‍👩‍👧", "❤️", "5️⃣", "👍🏽", "🇯🇵"])
    }

    @Test("Names without one add none: ASCII, kana and kanji, accents, dashes and single emoji")
    func none() {
        let names = ["Extra Fine Tip", "鳥の餌 — セット", "Café déjà vu… “quoted” €4,99", "🐦 Bird 🍰", "새 모이", ""]
        #expect(TerminalWidths.disputedClusters(in: names).isEmpty)
    }

    @Test("Adding a name's clusters keeps those already found and skips their repeats")
    func adding() {
        var clusters = TerminalWidths.DisputedClusters()
        clusters.add(in: "Made in 🇯🇵")
        clusters.add(in: "🇯🇵 and 🇫🇷, ❤️")
        clusters.add(in: "ケーキ")
        clusters.add(in: "❤️ 🇫🇷")
        #expect(clusters.found == ["🇯🇵", "🇫🇷", "❤️"])
    }
}
