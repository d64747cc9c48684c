/// Durations as people write them in options, scripts and limits: `500ms`, `2s`, `1.5s`,
/// `10m`, `1h`, `0`. The one reader of durations: tapes and key scripts, the store's
/// `--latency`, `run --drain`, `serve`'s session and HTTP times and the API's rate limits.
///
/// ```swift
/// DurationText.parse("800ms")                  // .milliseconds(800)
/// DurationText.parse("1.5s")                   // .milliseconds(1500)
/// DurationText.parse("10m")                    // nil: scripts take ms and s
/// DurationText.parse("10m", units: .all)       // .seconds(600)
/// DurationText.parse("fast")                   // nil
/// ```
public enum DurationText {
    /// A unit a duration may be written in, as its suffix.
    public enum Unit: String, Sendable, CaseIterable {
        case milliseconds = "ms", seconds = "s", minutes = "m", hours = "h"

        var milliseconds: Int64 {
            switch self {
            case .milliseconds: 1
            case .seconds: 1000
            case .minutes: 60_000
            case .hours: 3_600_000
            }
        }
    }

    /// A whole or decimal number followed by one of `units`; `0` alone is zero. Never
    /// negative. Scripts and `--latency` take milliseconds and seconds (the default).
    public static func parse(_ text: String, units: Set<Unit> = [.milliseconds, .seconds]) -> Duration? {
        if text == "0" { return .zero }
        // "ms" before "s" and "m", which it ends and starts with.
        let suffix = text.hasSuffix("ms") ? "ms" : text.last.map(String.init) ?? ""
        guard let unit = Unit(rawValue: suffix), units.contains(unit) else { return nil }
        let number = text.dropLast(suffix.count)
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let whole = Int64(parts[0])
        else { return nil }
        // Fractions in microseconds, so "1.5s" and "0.25ms" are exact.
        var micros = whole * unit.milliseconds * 1000
        if parts.count == 2 {
            let digits = parts[1]
            guard let fraction = Int64(digits) else { return nil }
            var scale: Int64 = 1
            for _ in digits { scale *= 10 }
            micros += fraction * unit.milliseconds * 1000 / scale
        }
        return .microseconds(micros)
    }
}

extension Set<DurationText.Unit> {
    /// Every unit: `ms`, `s`, `m` and `h`.
    public static var all: Self { Set(DurationText.Unit.allCases) }
}
