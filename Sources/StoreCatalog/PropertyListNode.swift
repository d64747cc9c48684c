import Foundation

/// One node of a property list, decoded into the same tree JSON produces. Dictionary keys come
/// out sorted (a property list keeps no order); dates and data, which StoreKit files do not use,
/// become strings.
struct PropertyListNode: Decodable {
    let value: PropertyValue

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            value = .object(try keyed.allKeys.map(\.stringValue).sorted().map { name in
                PropertyValue.Member(key: name, value: try keyed.decode(Self.self, forKey: Key(stringValue: name)).value)
            })
        } else if var list = try? decoder.unkeyedContainer() {
            var items: [PropertyValue] = []
            while !list.isAtEnd {
                items.append(try list.decode(Self.self).value)
            }
            value = .array(items)
        } else {
            value = try Self.scalar(try decoder.singleValueContainer())
        }
    }

    private static func scalar(_ container: any SingleValueDecodingContainer) throws -> PropertyValue {
        if let flag = try? container.decode(Bool.self) { return .bool(flag) }
        if let number = try? container.decode(Int.self) { return .number(String(number)) }
        if let number = try? container.decode(Double.self) { return .number(String(number)) }
        if let text = try? container.decode(String.self) { return .string(text) }
        if let date = try? container.decode(Date.self) { return .string(date.ISO8601Format()) }
        if let bytes = try? container.decode(Data.self) { return .string(bytes.base64EncodedString()) }
        return .null
    }
}
