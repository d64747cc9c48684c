import Synchronization

/// The widths the terminal in front of us really draws, for the grapheme clusters whose
/// width terminals disagree on (an emoji with a skin-tone modifier, a ZWJ sequence, an
/// emoji presentation selector, a flag, a keycap): tmux 3.3a draws "👍🏽" four columns
/// wide, kitty and WezTerm draw "❤️" two, where wcwidth counts two and one.
///
/// The backend measures them as it starts (it writes each and reads the cursor back) and
/// records the answers here; `displayWidth(of:)` then lays them out as the terminal draws
/// them. Until then, and for clusters it did not answer for, the table of
/// `displayWidth(of:)` holds, so snapshots, tapes and headless runs keep their bytes.
///
/// ```swift
/// TerminalWidths.isDisputed("👍🏽")           // true
/// TerminalWidths.record(["👍🏽": 4])
/// displayWidth(of: Character("👍🏽"))         // 4
/// ```
public enum TerminalWidths {
    private static let measured = Mutex<[Character: Int]>([:])
    /// Read before the lock, so that text without measured clusters costs one load.
    private static let hasMeasurements = Atomic<Bool>(false)

    /// Records what the terminal drew: each cluster's width in columns (1 to 8; others
    /// are ignored as answers no terminal gives for one cluster).
    public static func record(_ widths: [Character: Int]) {
        let usable = widths.filter { (1...8).contains($0.value) }
        guard !usable.isEmpty else { return }
        measured.withLock { $0.merge(usable) { _, new in new } }
        hasMeasurements.store(true, ordering: .releasing)
    }

    /// Forgets every measurement: the table holds again.
    public static func reset() {
        measured.withLock { $0.removeAll() }
        hasMeasurements.store(false, ordering: .releasing)
    }

    /// The width the terminal was measured to draw `cluster` in, if it was.
    public static func width(of cluster: Character) -> Int? {
        // Only disputed clusters are ever measured: every other one (each kana of a Japanese
        // name, on every frame) is answered without taking the lock.
        guard hasMeasurements.load(ordering: .acquiring), isDisputed(cluster) else { return nil }
        return measured.withLock { $0[cluster] }
    }

    /// Whether terminals disagree on `cluster`'s width: more than one code point, one of
    /// them a zero-width joiner, U+FE0F, a skin-tone modifier, a regional indicator or the
    /// keycap mark.
    public static func isDisputed(_ cluster: Character) -> Bool {
        let scalars = cluster.unicodeScalars
        guard scalars.count > 1 else { return false }
        return scalars.contains { scalar in
            switch scalar.value {
            case 0x200D, 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF: true
            default: false
            }
        }
    }

    /// The disputed clusters in `texts`, each once, in the order first met.
    public static func disputedClusters(in texts: some Sequence<String>) -> [Character] {
        var clusters = DisputedClusters()
        for text in texts { clusters.add(in: text) }
        return clusters.found
    }

    /// The disputed clusters of many texts, each once, in the order first met: for reading
    /// texts where they are (every product name of a 100,000-product catalog before the first
    /// frame) without a sequence of them.
    ///
    /// ```swift
    /// var clusters = TerminalWidths.DisputedClusters()
    /// clusters.add(in: "Thanks 👍🏽")
    /// clusters.add(in: "More 👍🏽 and 🇯🇵")
    /// clusters.found  // ["👍🏽", "🇯🇵"]
    /// ```
    public struct DisputedClusters: Sendable {
        public private(set) var found: [Character] = []
        // Beside the list, so a catalog full of distinct emoji is not a scan of it per cluster.
        private var seen: Set<Character> = []

        public init() {}

        /// Adds the disputed clusters of `text` not found before.
        public mutating func add(in text: String) {
            // Every disputed scalar's UTF-8 starts with one of these bytes; a name without them
            // (ASCII, kana, kanji) is passed over without walking its clusters.
            guard text.utf8.contains(where: { $0 == 0xE2 || $0 == 0xEF || $0 == 0xF0 }) else { return }
            for cluster in text where isDisputed(cluster) && seen.insert(cluster).inserted {
                found.append(cluster)
            }
        }
    }
}
