import Synchronization
import Testing
@testable import CursesBackend

/// The clusters `storefront run` finds once a large catalog is built reach the frame loop
/// once, with a wake-up, and a failure reaches it as the error that ends the app.
@Suite struct LateMeasurementTests {
    private struct Unbuildable: Error, Equatable {}

    /// How many times the loop was woken.
    private final class WakeUps: Sendable {
        let count = Mutex(0)
        func wake() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// Waits for the wake-up (up to 10 s; a wait, not a test of speed), then takes the outcome.
    private func outcome(of measurement: LateMeasurement, woken: WakeUps) async throws -> Result<[Character], any Error>? {
        for _ in 0..<1_000 where woken.value == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        return measurement.take()
    }

    @Test func theClustersFoundAreTakenOnceAfterAWakeUp() async throws {
        let woken = WakeUps()
        let measurement = LateMeasurement({ ["👋🏾"] }, done: woken.wake)
        let taken = try #require(try await outcome(of: measurement, woken: woken))
        #expect(try taken.get() == ["👋🏾"])
        #expect(woken.value == 1)
        #expect(measurement.take() == nil)
    }

    @Test func whatTheWorkThrowsIsTheOutcome() async throws {
        let woken = WakeUps()
        let measurement = LateMeasurement({ throw Unbuildable() }, done: woken.wake)
        let taken = try #require(try await outcome(of: measurement, woken: woken))
        #expect(throws: Unbuildable.self) { try taken.get() }
    }
}
