/// Measurements of one figure, in milliseconds, summarised by median or percentile.
///
/// ```swift
/// let samples = Samples([3, 1, 2])
/// samples.median            // 2
/// samples.percentile(0.99)  // 3
/// ```
struct Samples: Sendable {
    let values: [Double]

    init(_ values: [Double]) {
        self.values = values.sorted()
    }

    var count: Int { values.count }

    /// The middle value (the mean of the two middle values for an even count); 0 when empty.
    var median: Double {
        guard !values.isEmpty else { return 0 }
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }

    /// Nearest-rank percentile: the smallest value with at least `fraction` of the samples
    /// at or below it.
    func percentile(_ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let rank = Int((fraction * Double(values.count)).rounded(.up))
        return values[min(values.count, max(1, rank)) - 1]
    }

    var maximum: Double { values.last ?? 0 }
}

extension Duration {
    /// This duration in milliseconds, with fractions.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}

/// Runs `body` `warmUp` times untimed, then `repetitions` times, timing each run.
func timed(repetitions: Int, warmUp: Int = 0, _ body: () throws -> Void) rethrows -> Samples {
    let clock = ContinuousClock()
    for _ in 0..<warmUp { try body() }
    var values: [Double] = []
    values.reserveCapacity(repetitions)
    for _ in 0..<repetitions {
        values.append(try clock.measure(body).milliseconds)
    }
    return Samples(values)
}
