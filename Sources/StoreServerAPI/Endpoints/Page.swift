import Foundation

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
        let start = try revision.map { text throws(APIError) in try position(text) }
        func precedes(_ a: Position, _ b: Position) -> Bool {
            descending ? (a.date, a.id) > (b.date, b.id) : (a.date, a.id) < (b.date, b.id)
        }
        let ordered = all.map { (key($0), $0) }.sorted { precedes($0.0, $1.0) }
        let remaining = start.map { start in ordered.filter { precedes(start, $0.0) } } ?? ordered
        let taken = remaining.prefix(size)
        let end = taken.last?.0 ?? start ?? (descending ? (Int64.max, Int64.max) : (0, 0))
        return Page(items: taken.map(\.1), hasMore: remaining.count > size, revision: token(end))
    }

    private static func token(_ position: Position) -> String {
        Base64URL.encode(Data("\(position.date).\(position.id)".utf8))
    }

    private static func position(_ token: String) throws(APIError) -> Position {
        guard token.utf8.count <= 64, let bytes = Base64URL.decode(Substring(token)),
              let text = String(data: bytes, encoding: .utf8)
        else { throw .invalidRequestRevision }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let date = Int64(parts[0]), let id = Int64(parts[1]), date >= 0, id >= 0 else {
            throw .invalidRequestRevision
        }
        return (date, id)
    }
}
