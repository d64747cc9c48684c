/// Durations as people write them in options and scripts: `500ms`, `2s`, `1.5s`, `0`.
///
/// ```swift
/// DurationText.parse("800ms")  // .milliseconds(800)
/// DurationText.parse("1.5s")   // .milliseconds(1500)
/// DurationText.parse("fast")   // nil
/// ```
public enum DurationText {
    /// A whole or decimal number followed by `ms` or `s`; `0` alone is zero. Never negative.
    public static func parse(_ text: String) -> Duration? {
        if text == "0" { return .zero }
        let (number, unitMilliseconds): (Substring, Int64)
        if text.hasSuffix("ms") {
            (number, unitMilliseconds) = (text.dropLast(2), 1)
        } else if text.hasSuffix("s") {
            (number, unitMilliseconds) = (text.dropLast(1), 1000)
        } else {
            return nil
        }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let whole = Int64(parts[0])
        else { return nil }
        // Fractions in microseconds, so "1.5s" and "0.25ms" are exact.
        var micros = whole * unitMilliseconds * 1000
        if parts.count == 2 {
            let digits = parts[1]
            guard let fraction = Int64(digits) else { return nil }
            var scale: Int64 = 1
            for _ in digits { scale *= 10 }
            micros += fraction * unitMilliseconds * 1000 / scale
        }
        return .microseconds(micros)
    }
}
