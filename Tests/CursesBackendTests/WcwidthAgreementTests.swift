#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TerminalUI

@Suite("Display width agrees with the C library")
struct WcwidthAgreementTests {
    /// ncursesw measures with glibc's wcwidth, so layout must agree with it. Code points
    /// assigned by Unicode 13 are compared (glibc 2.35 and later all know them); wcwidth
    /// reports -1 for unprintable ones, which layout counts as 0.
    @Test("displayWidth(ofScalar:) equals wcwidth for every code point assigned by Unicode 13")
    func everyScalar() throws {
        // Glibc's Swift module leaves wcwidth out (it is behind _XOPEN_SOURCE); look it up.
        let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth"))
        let wcwidth = unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
        let locale = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
        let previous = uselocale(locale)
        defer {
            uselocale(previous)
            freelocale(locale)
        }
        // U+1171E changed category between Unicode versions: Mn in glibc 2.36, Mc (width 1) later.
        let changedSinceGlibcData: Set<UInt32> = [0x1171E]
        var mismatches: [String] = []
        var compared = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value),
                  let age = scalar.properties.age, age.major <= 13
            else { continue }
            guard !changedSinceGlibcData.contains(value) else { continue }
            let expected = max(0, Int(wcwidth(wchar_t(bitPattern: value))))
            compared += 1
            if displayWidth(ofScalar: scalar) != expected {
                mismatches.append("U+\(String(value, radix: 16, uppercase: true)): \(displayWidth(ofScalar: scalar)) vs wcwidth \(expected)")
            }
        }
        #expect(compared > 280_000)
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, e.g. \(mismatches.prefix(10))")
    }
}
