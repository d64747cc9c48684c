import Foundation

/// Unpadded base64url (RFC 4648 §5), the alphabet of compact JWS segments.
///
/// Hand-rolled rather than going through `Data(base64Encoded:)` because every
/// ledger read decodes three segments per row, and remapping the alphabet
/// through intermediate strings would dominate verification time. The App Store Server
/// API's tokens, payloads and page revisions use it too.
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, symbol) in alphabet.enumerated() {
            table[Int(symbol)] = UInt8(index)
        }
        return table
    }()

    package static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bufferedBits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bufferedBits += 8
            while bufferedBits >= 6 {
                bufferedBits -= 6
                output.append(alphabet[Int((buffer >> UInt32(bufferedBits)) & 0x3F)])
            }
        }
        if bufferedBits > 0 {
            output.append(alphabet[Int((buffer << UInt32(6 - bufferedBits)) & 0x3F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The decoded bytes, or nil when `utf8` is not unpadded base64url.
    package static func decode<Text: Collection<UInt8>>(_ utf8: Text) -> [UInt8]? {
        // A single leftover symbol carries only 6 bits: never a whole byte.
        guard utf8.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count * 3 / 4)
        var buffer: UInt32 = 0
        var bufferedBits = 0
        for symbol in utf8 {
            let value = decodeTable[Int(symbol)]
            guard value != 0xFF else { return nil }
            buffer = (buffer << 6) | UInt32(value)
            bufferedBits += 6
            if bufferedBits >= 8 {
                bufferedBits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bufferedBits)))
            }
        }
        // Leftover bits must be zero, so every byte string has one encoding.
        guard buffer & ((1 << UInt32(bufferedBits)) - 1) == 0 else { return nil }
        return output
    }
}
