import Foundation
import StoreCatalog

/// Readings of StoreCatalog's `Node` that only the layout format makes, in the words its
/// messages have always used (`missing "shops"` at the object, "expected true or false").
extension Node {
    /// The member `key`; a problem at this object naming it when absent or null.
    func required(_ key: String) throws(Problem) -> Node {
        guard let node = child(key) else { throw problem("missing \"\(key)\"") }
        return node
    }

    /// A string with something other than spaces in it.
    func nonEmptyString() throws(Problem) -> String {
        let text = try stringValue()
        // A visible ASCII character first (most IDs) is never blank: no CharacterSet lookup,
        // which was 2% of starting with a shop of 100,000 IDs.
        if let first = text.utf8.first, (0x21...0x7E).contains(first) { return text }
        // The scalars, not trimmingCharacters: it stops at the first letter, with no bridging.
        guard !text.unicodeScalars.allSatisfy(CharacterSet.whitespaces.contains) else { throw problem("must not be empty") }
        return text
    }

    func flag() throws(Problem) -> Bool {
        guard case .bool(let flag) = value else { throw problem("expected true or false, found \(value.kindDescription)") }
        return flag
    }

    /// One of `cases`, by raw value.
    func oneOf<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) throws(Problem) -> Choice
    where Choice.RawValue == String {
        let text = try stringValue()
        guard let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw problem("\"\(text)\" is not one of \(names)")
        }
        return choice
    }
}
