import StorefrontModel
import Testing
import TerminalUI

@Suite("Virtual clock")
struct VirtualClockTests {
    @Test("A sleeper wakes when the clock reaches its deadline, not before")
    func wakesAtDeadline() async throws {
        let clock = VirtualClock()
        let nap = Task { try await clock.sleep(for: .milliseconds(500)) }
        await clock.waitForSleepers(1)
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
        await clock.waitForSleepers(3)
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
        await clock.waitForSleepers(1)
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
