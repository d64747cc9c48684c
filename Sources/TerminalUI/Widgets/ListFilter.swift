import Foundation

/// The one filter rule of every list (the store list, product lists, Your Purchases), and
/// the one filter line that shows what is typed.
///
/// A row matches when every word of the filter starts a word of one of its texts, ignoring
/// case and accents. Words start after a space or punctuation, and at any CJK character
/// (those scripts do not space their words). A blank filter matches everything.
///
/// ```swift
/// ListFilter.matches(["Crème Brûlée Mix", "seed.creme"], filter: "mix bru")  // true
/// ListFilter.matches(["Crème Brûlée Mix"], filter: "reme")                   // false: not at a word start
/// ```
public enum ListFilter {
    public static func matches(_ texts: [String], filter: String) -> Bool {
        let words = filter.split(whereSeparator: \.isWhitespace).map { folded(String($0)) }
        guard !words.isEmpty else { return true }
        let foldedTexts = texts.map(folded)
        return words.allSatisfy { word in foldedTexts.contains { startsWord(word, in: $0) } }
    }

    private static func folded(_ text: String) -> String {
        // ASCII has no diacritics: its lower case is the whole fold, without Foundation's
        // (a filter over 100,000 products folds every name and ID on each key: 30% of it).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func startsWord(_ word: String, in text: String) -> Bool {
        var from = text.startIndex
        while let found = text.range(of: word, range: from..<text.endIndex) {
            guard found.lowerBound > text.startIndex else { return true }
            let before = text[text.index(before: found.lowerBound)]
            if !(before.isLetter || before.isNumber) || displayWidth(of: text[found.lowerBound]) > 1 { return true }
            from = text.index(after: found.lowerBound)
        }
        return false
    }

    /// Draws "/text" at the start of `row`, bright with a block caret while it is being
    /// typed, dimmed once set. Returns where the hardware cursor goes while typing.
    @discardableResult
    static func drawLine(_ filter: String, isEditing: Bool, in row: Rect, options: RenderOptions, into buffer: inout Buffer) -> Position {
        let text = "/" + filter
        buffer.write(text, x: row.x + 1, y: row.y, style: options.style(isEditing ? Palette.title : Palette.secondary), within: row)
        let caret = Rect(x: row.x + 1 + displayWidth(of: text), y: row.y, width: 1, height: 1)
        if isEditing {
            buffer.applyStyle(Palette.selected, to: caret.intersection(row))
        }
        return Position(x: min(row.maxX - 1, caret.x), y: row.y)
    }
}
