import Foundation
import LocalStore

/// Revision paging: items in the order of a key (a date in milliseconds, then the
/// transaction ID), 20 at a time. The revision is where the last page ended, so asking
/// again with it later also returns what changed since.
///
/// ```swift
/// let page = try Page.of(items, key: { ($0.signedDate, $0.id) }, after: request.revision, descending: false)
/// // page.items.count <= 20, page.hasMore, page.revision
/// ```
struct Page<Item> {
    static var size: Int { 20 }

    let items: [Item]
    let hasMore: Bool
    let revision: String

    /// A position in the order: (milliseconds, ID).
    typealias Position = (date: Int64, id: Int64)

    static func of(
        _ all: [Item], key: (Item) -> Position, after revision: String?, descending: Bool
    ) throws(APIError) -> Page {
        let ordered = all.map { (key($0), $0) }.sorted { ($0.0.date, $0.0.id) < ($1.0.date, $1.0.id) }
        return try of(sorted: ordered.map(\.1), matching: { _ in true }, key: key, after: revision, descending: descending)
    }

    /// The page of the items `matching`, from `sorted`, already in ascending key order: it is
    /// read from where the revision points until a page and one more are found, so a long
    /// list is neither copied nor sorted per request.
    static func of(
        sorted: [Item], matching: (Item) -> Bool, key: (Item) -> Position, after revision: String?, descending: Bool
    ) throws(APIError) -> Page {
        let start = try revision.map { text throws(APIError) in try position(text) }
        // The first index past the revision, by binary search: the keys ascend.
        func firstIndex(where isPast: (Position) -> Bool) -> Int {
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if isPast(key(sorted[middle])) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let order: AnySequence<Int>
        if descending {
            let end = start.map { start in firstIndex { ($0.date, $0.id) >= (start.date, start.id) } } ?? sorted.count
            order = AnySequence((0..<end).reversed())
        } else {
            let begin = start.map { start in firstIndex { ($0.date, $0.id) > (start.date, start.id) } } ?? 0
            order = AnySequence(begin..<sorted.count)
        }
        var taken: [Item] = []
        var hasMore = false
        for index in order where matching(sorted[index]) {
            guard taken.count < size else {
                hasMore = true
                break
            }
            taken.append(sorted[index])
        }
        let end = taken.last.map(key) ?? start ?? (descending ? (Int64.max, Int64.max) : (0, 0))
        return Page(items: taken, hasMore: hasMore, revision: token(end))
    }

    private static func token(_ position: Position) -> String {
        Base64URL.encode(Data("\(position.date).\(position.id)".utf8))
    }

    private static func position(_ token: String) throws(APIError) -> Position {
        guard token.utf8.count <= 64, let bytes = Base64URL.decode(token.utf8),
              let text = String(validating: bytes, as: UTF8.self)
        else { throw .invalidRequestRevision }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let date = Int64(parts[0]), let id = Int64(parts[1]), date >= 0, id >= 0 else {
            throw .invalidRequestRevision
        }
        return (date, id)
    }
}
