import Foundation

/// A parsed StoreKit file whose long arrays (`products`, …) are built one element at a time
/// as the decoder asks, so a 100,000-product file never holds its whole value tree.
struct StoreKitDocument {
    let root: Node
    /// Byte ranges of the deferred arrays' elements, by key (see `JSONReader.Outline`).
    private let deferred: [String: [Range<Int>]]
    /// The file, kept until the last element is built.
    private let bytes: Data
    /// The same bytes when they are a mapped file, whose pages go as elements are built.
    private let mapping: MappedFile?
    /// What the outline read of the products (see `productLabels()`); nil for a property list.
    private let labels: (products: [String: [JSONReader.ProductLabel]], groupSizes: [Int])?

    init(root: PropertyValue) {
        self.root = Node(root: root)
        deferred = [:]
        bytes = Data()
        mapping = nil
        labels = nil
    }

    init(outline: JSONReader.Outline, bytes: Data, mapping: MappedFile? = nil) {
        root = Node(root: outline.root)
        deferred = outline.deferred
        self.bytes = bytes
        self.mapping = mapping
        labels = (outline.productLabels, outline.groupSizes)
    }

    /// Every product's ID and reference name in catalog order (`products`, then
    /// `nonRenewingSubscriptions`, then each group's `subscriptions`), and how many
    /// subscriptions each group has, as the outline read them; nil for a property list.
    func productLabels() -> (ids: [String], referenceNames: [String], groupSizes: [Int])? {
        guard let labels else { return nil }
        let all = ["products", "nonRenewingSubscriptions", "subscriptionGroups"].flatMap { labels.products[$0] ?? [] }
        return (all.map(\.id), all.map(\.referenceName), labels.groupSizes)
    }

    /// The elements of the top-level array `key`, as `root.array(key)` gives them.
    func elements(_ key: String) throws(Node.Problem) -> Elements {
        guard let ranges = deferred[key] else { return Elements(nodes: try root.array(key)) }
        return Elements(
            ranges: ranges, bytes: bytes, path: .key(.root, key),
            reading: mapping.map { MappedFile.Reading($0, from: ranges.first?.lowerBound ?? 0) }
        )
    }

    /// Built as they are read: `while let node = try elements.next() { … }`.
    struct Elements: Sendable {
        private var nodes: [Node] = []
        private var ranges: [Range<Int>] = []
        private var bytes = Data()
        private var path = Node.Path.root
        private var position = 0
        /// Where this sequence stops: the end, or the end of a `slice`.
        private var end: Int
        private var reading: MappedFile.Reading?

        init(nodes: [Node]) {
            self.nodes = nodes
            end = nodes.count
        }

        init(ranges: [Range<Int>], bytes: Data, path: Node.Path, reading: MappedFile.Reading?) {
            self.ranges = ranges
            self.bytes = bytes
            self.path = path
            self.reading = reading
            end = ranges.count
        }

        /// How many elements are left to build.
        var count: Int { end - position }

        /// The next `count` elements as a sequence of their own (each keeps its place in
        /// paths), and this one past them: a share of the work for another thread.
        mutating func split(first count: Int) -> Elements {
            var first = self
            first.end = position + min(count, self.count)
            position = first.end
            if position < ranges.count, let file = reading?.file {
                reading = MappedFile.Reading(file, from: ranges[position].lowerBound)
            }
            return first
        }

        mutating func next() throws(Node.Problem) -> Node? {
            guard position < end else { return nil }
            defer { position += 1 }
            if position < nodes.count { return nodes[position] }
            defer { reading?.passed(ranges[position].upperBound, last: position + 1 == end) }
            do {
                return Node(try JSONReader.element(ranges[position], in: bytes), at: .index(path, position))
            } catch {
                // The outline checked these bytes; this would be a reader bug, reported as syntax.
                throw Node.Problem(path: "", message: "not valid JSON: \(error)")
            }
        }
    }
}
