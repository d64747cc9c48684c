/// Whether bytes are well-formed UTF-8, checked without building a string: Unicode's table
/// of well-formed byte sequences (no overlong forms, no surrogates, nothing past U+10FFFF).
///
/// ```swift
/// UTF8Check.isWellFormed(UnsafeBufferPointer(start: bytes, count: 3))  // "日": true
/// ```
enum UTF8Check {
    static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The range of the byte after the lead, and how many bytes the sequence has.
            let second: ClosedRange<UInt8>, length: Int
            switch lead {
            case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
            case 0xE0: (second, length) = (0xA0...0xBF, 3)
            case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
            case 0xED: (second, length) = (0x80...0x9F, 3)
            case 0xF0: (second, length) = (0x90...0xBF, 4)
            case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
            case 0xF4: (second, length) = (0x80...0x8F, 4)
            default: return false
            }
            guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return false }
            for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
                return false
            }
            index += length
        }
        return true
    }
}
