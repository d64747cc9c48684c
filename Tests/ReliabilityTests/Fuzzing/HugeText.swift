import StoreCatalog

/// Huge JSON string values, made once per run from a fixed seed.
enum HugeText {
    /// Strings of 16 KB to 1 MB mixing ASCII, accents, CJK, emoji sequences, combining marks,
    /// right-to-left text, controls, escapes and no-break spaces, each as a quoted JSON string.
    static let strings: [String] = {
        var random = SeededGenerator(seed: 0x0B16_7E47)
        return [16_384, 65_536, 262_144, 1_048_576].map { size in
            PropertyValue.string(text(bytes: size, pieces: mixedPieces, using: &random)).compactJSON
        }
    }()

    /// A 1 MB product description as a catalog author might paste it: long, multilingual, with
    /// line breaks.
    static let megabyteDescription: String = {
        var random = SeededGenerator(seed: 0xDE5C)
        let pieces = ["Seeds for every season. ", "Graines pour chaque saison. ", "四季の種。", "🌻🐦 ", "\n\n"]
        return PropertyValue.string(text(bytes: 1_048_576, pieces: pieces, using: &random)).compactJSON
    }()

    private static let mixedPieces = [
        "tip ", "é", "葵花籽", "👩‍👩‍👧", "e\u{301}", "שלום", "\u{0}", "\t\n", "\u{A0}", "¥", "\u{200D}", "\\\"",
    ]

    /// About `bytes` UTF-8 bytes: a random 4 KB chunk of `pieces`, repeated.
    private static func text(bytes: Int, pieces: [String], using random: inout SeededGenerator) -> String {
        var chunk = ""
        while chunk.utf8.count < 4096 { chunk += pieces.randomElement(using: &random)! }
        return String(repeating: chunk, count: max(1, bytes / chunk.utf8.count))
    }
}
