import Foundation

/// The one source of time for the model and the stores: a clock to sleep on, and the
/// wall-clock date stamped on transactions.
///
/// Tests and demos build it on a `VirtualClock`, so that dates move only when the clock is
/// advanced; nothing in the model reads the system time or sleeps on its own.
///
/// ```swift
/// let virtual = VirtualClock()
/// let clock = StoreClock(virtual, startingAt: Date(timeIntervalSince1970: 0))
/// virtual.advance(by: .seconds(90))
/// print(clock.now.timeIntervalSince1970) // 90.0
/// ```
public struct StoreClock: Sendable {
    /// The clock to sleep on.
    public let clock: any Clock<Duration>
    private let wallTime: @Sendable () -> Date

    /// Pairs a clock with a separate source of dates.
    public init(clock: any Clock<Duration>, now: @escaping @Sendable () -> Date) {
        self.clock = clock
        self.wallTime = now
    }

    /// Derives dates from `clock`: `epoch` plus the time the clock has moved since now.
    public init<C: Clock<Duration>>(_ clock: C, startingAt epoch: Date) {
        let start = clock.now
        self.clock = clock
        self.wallTime = { epoch.addingTimeInterval(start.duration(to: clock.now).timeInterval) }
    }

    /// The system's clock and date, for the real app.
    public static var live: StoreClock {
        StoreClock(clock: ContinuousClock(), now: { Date() })
    }

    /// The current date.
    public var now: Date {
        wallTime()
    }

    /// Sleeps on the clock; throws `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}

extension Duration {
    /// The duration in seconds, for date arithmetic.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
