extension String {
    /// This string broken into lines of at most `width` display columns.
    ///
    /// Lines break at spaces and after wide (CJK) characters; never at no-break spaces
    /// (U+00A0, U+2007, U+202F), so "￥ 1 200" written with them stays whole, and, as
    /// Japanese and Chinese typesetting rules (kinsoku) ask, never before closing
    /// punctuation (。、」！) nor after opening punctuation (「（). A word
    /// longer than a line is broken after its last "/" that fits (a path between its
    /// folders), else between grapheme clusters. Newlines start new lines;
    /// spaces where a line breaks are dropped. An empty string or a width below 1 gives
    /// no lines. (The one line that can be wider: a wide character alone at width 1.)
    ///
    /// ```swift
    /// "Feed the birds every morning".wrapped(toWidth: 12)
    /// // ["Feed the", "birds every", "morning"]
    /// ```
    public func wrapped(toWidth width: Int) -> [String] {
        guard width > 0, !isEmpty else { return [] }
        var wrapper = LineWrapper(width: width)
        for paragraph in split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            wrapper.wrap(paragraph)
        }
        return wrapper.lines
    }
}

/// Greedy line filling for `String.wrapped(toWidth:)`.
private struct LineWrapper {
    let width: Int
    var lines: [String] = []
    private var line = ""
    private var lineWidth = 0
    /// Spaces seen since the last word; written only if another word follows on the line.
    private var pendingSpace = ""
    private var pendingSpaceWidth = 0

    init(width: Int) {
        self.width = width
    }

    mutating func wrap(_ paragraph: Substring) {
        var word = ""
        var wordWidth = 0
        // A line may break after a wide (CJK) character, unless a no-break space follows.
        var mayBreakBeforeNext = false
        for cluster in paragraph {
            let clusterWidth = displayWidth(of: cluster)
            if isBreakableSpace(cluster) {
                place(word, width: wordWidth)
                (word, wordWidth) = ("", 0)
                pendingSpace.append(cluster)
                pendingSpaceWidth += clusterWidth
                mayBreakBeforeNext = false
                continue
            }
            let isWide = clusterWidth > 1
            let breaksHere = mayBreakBeforeNext
                ? !isNoBreakSpace(cluster) && !closesCJK(cluster)
                : isWide && !closesCJK(cluster) && !(word.last.map { isNoBreakSpace($0) || opensCJK($0) } ?? true)
            if breaksHere {
                place(word, width: wordWidth)
                (word, wordWidth) = ("", 0)
            }
            word.append(cluster)
            wordWidth += clusterWidth
            mayBreakBeforeNext = isWide && !opensCJK(cluster)
        }
        place(word, width: wordWidth)
        endLine()
    }

    private mutating func place(_ word: String, width wordWidth: Int) {
        guard !word.isEmpty else { return }
        if lineWidth + pendingSpaceWidth + wordWidth <= width {
            line += pendingSpace + word
            lineWidth += pendingSpaceWidth + wordWidth
        } else {
            if !line.isEmpty { endLine() }
            if wordWidth <= width {
                line = word
                lineWidth = wordWidth
            } else {
                breakLongWord(word)
            }
        }
        (pendingSpace, pendingSpaceWidth) = ("", 0)
    }

    /// Fills whole lines with the word's clusters; the tail stays on the current line. A
    /// line breaks after the last "/" that fits, so a path breaks between its folders
    /// ("…/ledger" / "/ledger.sqlite" rather than "…/led" / "ger.sqlite").
    private mutating func breakLongWord(_ word: String) {
        for cluster in word {
            let clusterWidth = displayWidth(of: cluster)
            if lineWidth + clusterWidth > width && !line.isEmpty {
                if let slash = line.lastIndex(of: "/"), slash != line.startIndex, line.index(after: slash) != line.endIndex {
                    let tail = String(line[line.index(after: slash)...])
                    line = String(line[...slash])
                    endLine()
                    (line, lineWidth) = (tail, displayWidth(of: tail))
                } else {
                    endLine()
                }
            }
            if lineWidth + clusterWidth > width && !line.isEmpty { endLine() }
            line.append(cluster)
            lineWidth += clusterWidth
        }
    }

    private mutating func endLine() {
        lines.append(line)
        (line, lineWidth) = ("", 0)
        (pendingSpace, pendingSpaceWidth) = ("", 0)
    }
}

private func isNoBreakSpace(_ cluster: Character) -> Bool {
    cluster == "\u{A0}" || cluster == "\u{2007}" || cluster == "\u{202F}"
}

private func isBreakableSpace(_ cluster: Character) -> Bool {
    cluster.isWhitespace && !isNoBreakSpace(cluster)
}

/// Punctuation a CJK line must not start with.
private func closesCJK(_ cluster: Character) -> Bool {
    "。、，．・：；！？」』）】〉》〕］｝ー々ゝゞ〜…‥％".contains(cluster)
}

/// Punctuation a CJK line must not end with.
private func opensCJK(_ cluster: Character) -> Bool {
    "「『（【〈《〔［｛“‘".contains(cluster)
}
