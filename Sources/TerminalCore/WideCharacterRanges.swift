// Code points a terminal draws two columns wide that are not emoji-presentation
// characters: the East Asian Wide (W) and Fullwidth (F) ranges, exactly as glibc's
// wcwidth reports them (ncursesw measures with that wcwidth, so layout must agree).
// Emoji presentation characters are covered by the scalar property instead.
// Sorted and non-overlapping: `isWideNonEmoji` binary-searches them.
let wideNonEmojiRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,    // Hangul Jamo leading consonants
    0x2329...0x232A,    // angle brackets
    0x2E80...0x2E99,    // CJK Radicals Supplement
    0x2E9B...0x2EF3,
    0x2F00...0x2FD5,    // Kangxi Radicals
    0x2FF0...0x2FFB,    // Ideographic Description Characters
    0x3000...0x3029,    // CJK Symbols and Punctuation (ideographic space, 。「」)
    0x302E...0x303E,
    0x3041...0x3096,    // Hiragana
    0x309B...0x30FF,    // Katakana
    0x3105...0x312F,    // Bopomofo
    0x3131...0x318E,    // Hangul Compatibility Jamo
    0x3190...0x31E3,    // Kanbun, Bopomofo Extended, CJK Strokes
    0x31F0...0x321E,    // Katakana Phonetic Extensions, Enclosed CJK
    0x3220...0xA48C,    // Enclosed CJK .. CJK Unified Ideographs .. Yi Syllables
    0xA490...0xA4C6,    // Yi Radicals
    0xA960...0xA97C,    // Hangul Jamo Extended-A
    0xAC00...0xD7A3,    // Hangul Syllables
    0xF900...0xFA6D,    // CJK Compatibility Ideographs
    0xFA70...0xFAD9,
    0xFE10...0xFE19,    // Vertical Forms
    0xFE30...0xFE52,    // CJK Compatibility Forms, Small Form Variants
    0xFE54...0xFE66,
    0xFE68...0xFE6B,
    0xFF01...0xFF60,    // Fullwidth ASCII variants
    0xFFE0...0xFFE6,    // Fullwidth signs: ￠ ￡ ￢ ￣ ￤ ￥ ￦
    0x16FE0...0x16FE3,  // Ideographic Symbols and Punctuation
    0x16FF0...0x16FF1,
    0x17000...0x187F7,  // Tangut
    0x18800...0x18CD5,  // Tangut Components, Khitan Small Script
    0x18D00...0x18D08,
    0x1AFF0...0x1AFF3,  // Kana Extended-B
    0x1AFF5...0x1AFFB,
    0x1AFFD...0x1AFFE,
    0x1B000...0x1B122,  // Kana Supplement, Kana Extended-A
    0x1B150...0x1B152,  // Small Kana Extension
    0x1B164...0x1B167,
    0x1B170...0x1B2FB,  // Nushu
    0x1F200...0x1F200,  // Enclosed Ideographic Supplement
    0x1F202...0x1F202,
    0x1F210...0x1F219,
    0x1F21B...0x1F22E,
    0x1F230...0x1F231,
    0x1F237...0x1F237,
    0x1F23B...0x1F23B,
    0x1F240...0x1F248,
    0x1F260...0x1F265,
    0x20000...0x2A6DF,  // CJK Unified Ideographs Extension B
    0x2A700...0x2B738,  // Extensions C, D, E, F
    0x2B740...0x2B81D,
    0x2B820...0x2CEA1,
    0x2CEB0...0x2EBE0,
    0x2F800...0x2FA1D,  // CJK Compatibility Ideographs Supplement
    0x30000...0x3134A,  // CJK Unified Ideographs Extension G
]

func isWideNonEmoji(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideNonEmojiRanges.count - 1
    while low <= high {
        let middle = (low + high) / 2
        let range = wideNonEmojiRanges[middle]
        if value < range.lowerBound {
            high = middle - 1
        } else if value > range.upperBound {
            low = middle + 1
        } else {
            return true
        }
    }
    return false
}
