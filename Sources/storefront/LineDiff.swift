/// A unified diff of two texts, line by line, from their longest common subsequence, with
/// three lines of context: what `snapshot --check` prints for a shot that changed.
///
/// ```swift
/// LineDiff.unified(old: "a\nb\nc", new: "a\nB\nc", oldName: "home.txt", newName: "home (now)")
/// // --- home.txt
/// // +++ home (now)
/// // @@ -1,3 +1,3 @@
/// //  a
/// // -b
/// // +B
/// //  c
/// ```
enum LineDiff {
    enum Edit: Equatable {
        case same(String), removed(String), added(String)
    }

    /// Nil when the texts are the same.
    static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String? {
        guard old != new else { return nil }
        let edits = self.edits(old: old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                               new: new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        var lines = ["--- \(oldName)", "+++ \(newName)"]
        for hunk in hunks(of: edits, context: context) {
            lines.append(hunk.header)
            lines += edits[hunk.range].map { edit in
                switch edit {
                case .same(let line): " " + line
                case .removed(let line): "-" + line
                case .added(let line): "+" + line
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The edits that turn `old` into `new`, keeping a longest common subsequence.
    static func edits(old: [String], new: [String]) -> [Edit] {
        // common[i][j]: the longest common subsequence of old[i...] and new[j...].
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                edits.append(.same(old[i])); i += 1; j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                edits.append(.removed(old[i])); i += 1
            } else {
                edits.append(.added(new[j])); j += 1
            }
        }
        return edits
    }

    /// Runs of edits with `context` unchanged lines around each change, and their `@@` lines.
    private static func hunks(of edits: [Edit], context: Int) -> [(range: Range<Int>, header: String)] {
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        var ranges: [Range<Int>] = []
        for index in changed {
            let range = max(0, index - context)..<min(edits.count, index + context + 1)
            if let last = ranges.last, range.lowerBound <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
            } else {
                ranges.append(range)
            }
        }
        return ranges.map { range in
            // Line numbers where the hunk starts, counted in each text.
            let before = edits[..<range.lowerBound]
            let oldStart = before.filter { if case .added = $0 { false } else { true } }.count
            let newStart = before.filter { if case .removed = $0 { false } else { true } }.count
            let oldCount = edits[range].filter { if case .added = $0 { false } else { true } }.count
            let newCount = edits[range].filter { if case .removed = $0 { false } else { true } }.count
            return (range, "@@ -\(oldStart + 1),\(oldCount) +\(newStart + 1),\(newCount) @@")
        }
    }
}
