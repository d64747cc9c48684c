import StorefrontModel
import Testing
import TerminalUI

@Suite("Virtual clock")
struct VirtualClockTests {
    /// Waits (in real time, briefly) until `clock` has `count` sleepers.
    func sleepers(_ count: Int, on clock: VirtualClock) async {
        while clock.suspendedSleepers != count { await Task.yield() }
    }

    @Test("A sleeper wakes when the clock reaches its deadline, not before")
    func wakesAtDeadline() async throws {
        let clock = VirtualClock()
        let nap = Task { try await clock.sleep(for: .milliseconds(500)) }
        await sleepers(1, on: clock)
        clock.advance(by: .milliseconds(499))
        #expect(clock.suspendedSleepers == 1)
        clock.advance(by: .milliseconds(1))
        try await nap.value
        #expect(clock.suspendedSleepers == 0)
        #expect(clock.now.offset == .milliseconds(500))
    }

    @Test("advance(to:) the next deadline wakes exactly the earliest sleeper")
    func deadlineOrder() async throws {
        let clock = VirtualClock()
        let naps = [300, 100, 200].map { milliseconds in
            Task { try await clock.sleep(for: .milliseconds(milliseconds)); return milliseconds }
        }
        await sleepers(3, on: clock)
        var woken: [Duration] = []
        while let next = clock.nextDeadline {
            clock.advance(to: next)
            woken.append(clock.now.offset)
        }
        #expect(woken == [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
        for nap in naps { _ = try await nap.value }
    }

    @Test("Sleeping until a time already passed returns at once")
    func pastDeadline() async throws {
        let clock = VirtualClock()
        clock.advance(by: .seconds(2))
        try await clock.sleep(until: VirtualClock.Instant(offset: .seconds(1)))
        #expect(clock.suspendedSleepers == 0)
    }

    @Test("Cancelling a sleeper throws CancellationError and forgets it")
    func cancel() async {
        let clock = VirtualClock()
        let nap = Task { try await clock.sleep(for: .seconds(10)) }
        await sleepers(1, on: clock)
        nap.cancel()
        await #expect(throws: CancellationError.self) { try await nap.value }
        #expect(clock.suspendedSleepers == 0)
        #expect(clock.nextDeadline == nil)
    }

    @Test("The clock never goes backwards")
    func monotonic() {
        let clock = VirtualClock()
        clock.advance(by: .seconds(1))
        clock.advance(to: VirtualClock.Instant(offset: .zero))
        clock.advance(by: .seconds(-5))
        #expect(clock.now.offset == .seconds(1))
    }
}
