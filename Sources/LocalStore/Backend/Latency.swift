/// How long each store call takes: nothing, a fixed time, or a random time in a range.
/// The store sleeps it on its injected clock, so a test clock makes it instant or
/// step by step.
///
/// ```swift
/// var controls = StoreControls()
/// controls.latency = .between(.milliseconds(300), .milliseconds(800))
/// ```
public enum Latency: Hashable, Sendable {
    case none
    case fixed(Duration)
    /// A uniformly random time from the lower to the upper bound, both included.
    case range(ClosedRange<Duration>)

    /// A range, with the bounds in either order; equal bounds are a fixed latency.
    public static func between(_ first: Duration, _ second: Duration) -> Latency {
        let bounds = min(first, second)...max(first, second)
        return bounds.lowerBound == bounds.upperBound ? .fixed(first) : .range(bounds)
    }

    /// One call's latency, drawn with `generator`.
    ///
    /// ```swift
    /// var generator = SystemRandomNumberGenerator()
    /// let wait = Latency.fixed(.milliseconds(500)).sample(using: &generator) // 0.5 seconds
    /// ```
    public func sample<Generator: RandomNumberGenerator>(using generator: inout Generator) -> Duration {
        switch self {
        case .none:
            return .zero
        case .fixed(let duration):
            return duration
        case .range(let bounds):
            let span = (bounds.upperBound - bounds.lowerBound) / .nanoseconds(1)
            let offset = Double.random(in: 0...1, using: &generator) * span
            return bounds.lowerBound + .nanoseconds(Int64(offset))
        }
    }
}
