import Foundation

/// Tells Xcode's JSON from a property list by the first byte that is not white space, and
/// parses either into a ``PropertyValue``.
enum StoreKitFileFormat {
    struct Failure: Error {
        var message: String
    }

    static func parse(_ data: Data) throws(Failure) -> PropertyValue {
        let bytes = [UInt8](data)
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if bytes.starts(with: Array("bplist".utf8)) || first == UInt8(ascii: "<") {
            return try propertyList(data)
        }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            throw Failure(message: first == nil
                ? "the file is empty"
                : "not a StoreKit configuration: expected JSON or a property list")
        }
        do {
            return try JSONReader.parse(bytes)
        } catch {
            throw Failure(message: "not valid JSON: \(error)")
        }
    }

    private static func propertyList(_ data: Data) throws(Failure) -> PropertyValue {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw Failure(message: "not a valid property list: \(error.localizedDescription)")
        }
        return value(of: object)
    }

    /// Maps Foundation's property-list objects onto the same tree JSON produces. Key order is
    /// lost in a dictionary, so keys come out sorted; dates and data, which StoreKit files do not
    /// use, become strings.
    private static func value(of object: Any) -> PropertyValue {
        switch object {
        case let flag as Bool where type(of: object) == Bool.self:
            .bool(flag)
        case let text as String:
            .string(text)
        case let number as Int:
            .number(String(number))
        case let number as Double:
            .number(String(number))
        case let array as [Any]:
            .array(array.map(value(of:)))
        case let dictionary as [String: Any]:
            .object(dictionary.keys.sorted().map { .init(key: $0, value: value(of: dictionary[$0]!)) })
        case let date as Date:
            .string(date.ISO8601Format())
        case let bytes as Data:
            .string(bytes.base64EncodedString())
        default:
            .null
        }
    }
}
