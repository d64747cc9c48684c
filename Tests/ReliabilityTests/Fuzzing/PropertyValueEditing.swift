@testable import StoreCatalog

/// Addresses and edits values anywhere in a parsed catalog, for structural mutations.
extension PropertyValue {
    /// One step from a container to a child: the n-th member of an object or element of an array.
    typealias Step = Int

    /// The path of every value in the tree, the root (`[]`) first.
    var allPaths: [[Step]] {
        var paths: [[Step]] = [[]]
        collectPaths(prefix: [], into: &paths)
        return paths
    }

    private func collectPaths(prefix: [Step], into paths: inout [[Step]]) {
        let children: [PropertyValue] = switch self {
        case .object(let members): members.map(\.value)
        case .array(let elements): elements
        default: []
        }
        for (index, child) in children.enumerated() {
            paths.append(prefix + [index])
            child.collectPaths(prefix: prefix + [index], into: &paths)
        }
    }

    subscript(path path: ArraySlice<Step>) -> PropertyValue {
        get {
            guard let step = path.first else { return self }
            switch self {
            case .object(let members): return members[step].value[path: path.dropFirst()]
            case .array(let elements): return elements[step][path: path.dropFirst()]
            default: return self
            }
        }
        set {
            guard let step = path.first else {
                self = newValue
                return
            }
            switch self {
            case .object(var members):
                members[step].value[path: path.dropFirst()] = newValue
                self = .object(members)
            case .array(var elements):
                elements[step][path: path.dropFirst()] = newValue
                self = .array(elements)
            default:
                break
            }
        }
    }

    /// Removes the value at `path` from its parent (an object loses the whole member).
    mutating func remove(at path: [Step]) {
        guard let last = path.last else { return }
        let parentPath = path.dropLast()
        switch self[path: parentPath[...]] {
        case .object(var members):
            members.remove(at: last)
            self[path: parentPath[...]] = .object(members)
        case .array(var elements):
            elements.remove(at: last)
            self[path: parentPath[...]] = .array(elements)
        default:
            break
        }
    }

    /// Paths of every member named `key`, anywhere.
    func paths(ofKey key: String) -> [[Step]] {
        allPaths.filter { path in
            guard let last = path.last, case .object(let members) = self[path: path.dropLast()[...]] else { return false }
            return members[last].key == key
        }
    }

    /// The same tree as Foundation property-list objects; `null`, which property lists cannot
    /// hold, becomes an empty string.
    var propertyListObject: Any {
        switch self {
        case .object(let members):
            Dictionary(members.map { ($0.key, $0.value.propertyListObject) }, uniquingKeysWith: { first, _ in first })
        case .array(let elements): elements.map(\.propertyListObject)
        case .string(let text): text
        case .number(let text): Int(text).map { $0 as Any } ?? (Double(text) ?? 0) as Any
        case .bool(let flag): flag
        case .null: ""
        }
    }
}
