import Foundation

/// A value in a flat signed JSON object: the only shapes a transaction payload uses.
enum JSONScalar: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case bool(Bool)
}

/// A flat JSON object as its members; keys are unique.
typealias JSONObject = [(key: String, value: JSONScalar)]

/// Canonical JSON for flat objects: keys sorted by their UTF-8 bytes, no
/// whitespace, integers without exponent, strings escaped as RFC 8785 does.
///
/// One value has exactly one encoding, so a payload rebuilt from database
/// columns can be compared byte for byte with the payload that was signed.
enum CanonicalJSON {
    static func encode(_ object: JSONObject) -> [UInt8] {
        var output: [UInt8] = [UInt8(ascii: "{")]
        // Members usually arrive sorted already, which sorting notices cheaply.
        let members = object.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            appendString(key, to: &output)
            output.append(UInt8(ascii: ":"))
            switch value {
            case .string(let text): appendString(text, to: &output)
            case .integer(let number): output.append(contentsOf: String(number).utf8)
            case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
            }
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// Reads a flat object back; nil when `bytes` is not one.
    static func decodeObject(_ bytes: [UInt8]) -> [String: JSONScalar]? {
        try? JSONDecoder().decode([String: JSONScalar].self, from: Data(bytes))
    }

    private static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x00..<0x20:
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

extension JSONScalar: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Bool first: JSON `true` must not become the integer 1.
        if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int64.self) {
            self = .integer(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }
}
