import StorefrontModel
import Synchronization
import Testing

/// What `HeadlessApp.settle()` and the tests' waits sleep on: woken by the change itself,
/// never by looking again.
@Suite(.timeLimit(.minutes(1))) struct ChangeSignalTests {
    @Test func aWaiterSleepsUntilTheNextSignal() async {
        let signal = ChangeSignal()
        let woken = Atomic(false)
        let waiter = Task {
            await signal.changed(since: signal.count)
            woken.store(true, ordering: .sequentiallyConsistent)
        }
        // Nothing was signalled: the waiter is still asleep after a while of real time.
        try? await Task.sleep(for: .milliseconds(50))
        let early = woken.load(ordering: .sequentiallyConsistent)
        #expect(!early)
        signal.signal()
        await waiter.value
        let late = woken.load(ordering: .sequentiallyConsistent)
        #expect(late)
    }

    @Test func aChangeBeforeTheWaitIsNotMissed() async {
        let signal = ChangeSignal()
        let seen = signal.count
        signal.signal()
        await signal.changed(since: seen)  // returns at once
        #expect(signal.count == seen + 1)
    }

    @Test func anyOfSeveralSignalsWakesTheWaiter() async {
        let quiet = ChangeSignal(), busy = ChangeSignal()
        let readings = [ChangeSignal.Reading(quiet, at: quiet.count), ChangeSignal.Reading(busy, at: busy.count)]
        let waiter = Task { await ChangeSignal.changed(since: readings) }
        busy.signal()
        await waiter.value
        #expect(quiet.count == 0)
    }

    @Test func cancellingTheWaitingTaskEndsTheWait() async {
        let signal = ChangeSignal()
        let waiter = Task { await signal.changed(since: signal.count) }
        waiter.cancel()
        await waiter.value
        #expect(signal.count == 0)
    }

    @Test func waitUntilChecksAtEachChange() async {
        let signal = ChangeSignal()
        let value = Mutex(0)
        let counter = Task {
            for _ in 0..<5 {
                value.withLock { $0 += 1 }
                signal.signal()
                await Task.yield()
            }
        }
        await signal.wait { value.withLock { $0 } == 5 }
        await counter.value
        #expect(value.withLock { $0 } == 5)
    }

    @Test func aVirtualClockSignalsEachSleeper() async throws {
        let clock = VirtualClock()
        let naps = (1...2).map { seconds in Task { try await clock.sleep(for: .seconds(seconds)) } }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(2))
        for nap in naps { try await nap.value }
        #expect(clock.suspendedSleepers == 0)
    }
}
