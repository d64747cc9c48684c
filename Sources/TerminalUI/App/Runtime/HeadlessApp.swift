import Foundation
import StorefrontModel

/// The storefront app with no terminal: keys in, screens out, on a virtual clock. Used by
/// tests, `storefront snapshot`, demos and benchmarks.
///
/// Every call first lets the app *settle*: every effect due at the current virtual time
/// runs to its end or to a sleep on the clock (store latency, say) or to the
/// confirmation sheet. Only `wait(_:)` moves the clock, so the same script always gives
/// the same screens.
///
/// ```swift
/// let app = await HeadlessApp(size: TerminalSize(width: 80, height: 24), backend: store, layout: layout)
/// await app.press(.down, .enter)   // open the second shop
/// await app.press(.enter)          // Buy: the confirmation sheet opens
/// await app.press(.char("y"))      // confirm
/// await app.wait(.milliseconds(500))
/// print(await app.screenText)      // "Thank you!" …
/// ```
public final class HeadlessApp: Sendable {
    /// The app being driven.
    public let app: StoreApp
    /// The clock everything runs on; `wait(_:)` advances it.
    public let clock: VirtualClock

    /// The wall-clock date a virtual clock starts at unless told otherwise:
    /// 2026-01-01T00:00:00Z.
    public static let defaultEpoch = Date(timeIntervalSince1970: 1_767_225_600)

    /// Starts an app over `backend` and lets it settle (the store opens, entitlements load).
    ///
    /// - Parameters:
    ///   - clock: shared with the backend when it sleeps on it too (a `LocalStore` with
    ///     latency), so that `wait(_:)` moves both.
    ///   - epoch: the date at the clock's current time.
    ///   - settleLimit: how long, in real time, `settle()` waits for work that never parks.
    ///   - onSettleTimeout: told of each settle that gives up, after it is kept in
    ///     `settleTimeouts`. A test passes one that fails it (StorefrontTesting's
    ///     `SettleTimeout.recordIssue`); unless told, it is printed to standard error.
    public init(
        size: TerminalSize = TerminalSize(width: 80, height: 24),
        backend: any StoreBackend,
        layout: StoreLayout,
        options: AppOptions = AppOptions(),
        clock: VirtualClock = VirtualClock(),
        epoch: Date = HeadlessApp.defaultEpoch,
        settleLimit: Duration = .seconds(30),
        onSettleTimeout: @escaping @Sendable (SettleTimeout) -> Void = HeadlessApp.printToStandardError
    ) async {
        self.clock = clock
        limit = Locked(settleLimit)
        self.onSettleTimeout = onSettleTimeout
        app = StoreApp(backend: backend, layout: layout, size: size, options: options, clock: clock, epoch: epoch)
        await app.start()
        await settle()
    }

    /// The storefront the app buys through.
    public var storefront: Storefront { app.storefront }

    /// The app's state after settling.
    public var state: AppState {
        get async {
            await settle()
            return await app.state
        }
    }

    /// Presses keys one after another, settling before and after each.
    public func press(_ keys: Key...) async {
        for key in keys {
            await settle()
            await app.send(.key(key))
        }
        await settle()
    }

    /// Types `text`, one key per character (a space is `.space`).
    public func type(_ text: String) async {
        for character in text {
            await press(character == " " ? .space : .char(character))
        }
    }

    /// Moves the clock on by `duration`, waking sleepers in deadline order and letting the
    /// app settle at each deadline, then tells the app the time (spinners turn).
    public func wait(_ duration: Duration) async {
        await settle()
        let target = clock.now.advanced(by: max(.zero, duration))
        while let next = clock.nextDeadline, next <= target {
            clock.advance(to: next)
            await settle()
        }
        clock.advance(to: target)
        await app.tick()
        await settle()
    }

    /// The terminal changed size.
    public func resize(width: Int, height: Int) async {
        await press(.resize(width: width, height: height))
    }

    /// The messages the app handled last, oldest first, after settling: print it when a
    /// test fails to see how the app got where it is.
    public var messageLog: [AppMessage] {
        get async {
            await settle()
            return await app.messageLog
        }
    }

    /// The screen as it would be drawn now.
    public func render() async -> Buffer {
        await frame().buffer
    }

    /// The screen and the cursor position.
    public func frame() async -> AppFrame {
        await settle()
        return await app.render()
    }

    /// The screen's text: one line per row, each padded to the screen width.
    public var screenText: String {
        get async {
            await render().textLines().joined(separator: "\n")
        }
    }

    /// Waits until every effect due at the current virtual time has finished, or is
    /// asleep on the virtual clock, or waits for the customer (the confirmation sheet),
    /// and every store update and storefront event sent has been handled.
    ///
    /// The decision is exact: the work in flight is counted (effects until their reply is
    /// applied, store calls, data-task actions, sleepers on the clock, undelivered updates
    /// and events), and the app is settled when all of it is parked and nothing changed
    /// while it was read. Between readings it sleeps until one of those counts changes
    /// (each signals its `ChangeSignal`), so it neither polls nor takes threads from the
    /// work it waits for. Work that never parks (a store call stuck on something outside
    /// the app) makes it give up after `settleLimit` of real time with a `SettleTimeout`
    /// naming what was still running, kept in `settleTimeouts` and handed to the
    /// `onSettleTimeout` the app was made with. A cancelled task stops waiting at once.
    public func settle() async {
        let giveUp = ContinuousClock.now.advanced(by: settleLimit)
        // Signalled when the limit is reached; the timer starts at the first wait.
        let limitReached = ChangeSignal()
        var timer: Task<Void, Never>?
        defer { timer?.cancel() }
        while !Task.isCancelled {
            let reading = inFlight()
            if reading.running.isEmpty, reading == inFlight() {
                // Settled; a last reading of the store must start nothing new.
                if !(await app.storeDidChange()) { return }
                continue
            }
            if ContinuousClock.now >= giveUp {
                await timedOut()
                return
            }
            if timer == nil {
                timer = Task {
                    try? await Task.sleep(until: giveUp, clock: .continuous)
                    limitReached.signal()
                }
            }
            // Until something this reading counted changes (at once if it already has).
            await ChangeSignal.changed(since: reading.seen + [ChangeSignal.Reading(limitReached, at: 0)])
        }
    }

    /// How long `settle()` waits for work that never parks (30 seconds unless told: long
    /// enough for a machine busy with a whole test suite).
    public var settleLimit: Duration {
        get { limit.value }
        set { limit.value = newValue }
    }

    /// The settles that gave up, oldest first.
    public var settleTimeouts: [SettleTimeout] {
        timeouts.value
    }

    /// Prints a settle that gave up to standard error: what a headless app does with one
    /// unless told otherwise.
    public static func printToStandardError(_ timeout: SettleTimeout) {
        FileHandle.standardError.write(Data("storefront: \(timeout)\n".utf8))
    }

    private let limit: Locked<Duration>
    private let onSettleTimeout: @Sendable (SettleTimeout) -> Void
    private let timeouts = Locked<[SettleTimeout]>([])

    /// A reading of everything in flight: what runs unparked, and each change signal it
    /// came from with the count it was read at, so two equal readings mean nothing moved
    /// between them.
    private struct InFlight: Equatable {
        var running: [String]
        var seen: [ChangeSignal.Reading]
    }

    private func inFlight() -> InFlight {
        let sleeping = clock.sleeping
        let work = app.tracker.running(sleeping: sleeping.activities, watching: [app.updateHandling])
        let events = app.storefront.eventDelivery
        let updates = app.backend.updateDelivery
        var running = work.names
        if events.undelivered > 0 { running.append("\(events.undelivered) storefront events to handle") }
        // An update the storefront has taken is its update handling's, counted (and parked
        // on the clock) as that activity; one not taken yet is in flight on its own.
        if updates.undelivered > 0, work.busy.isEmpty { running.append("\(updates.undelivered) store updates to handle") }
        return InFlight(running: running, seen: [
            ChangeSignal.Reading(clock.changes, at: sleeping.version),
            ChangeSignal.Reading(app.tracker.changes, at: work.version),
            ChangeSignal.Reading(events.changes, at: events.version),
            ChangeSignal.Reading(updates.changes, at: updates.version),
        ])
    }

    private func timedOut() async {
        let timeout = SettleTimeout(
            running: inFlight().running, lastMessages: Array(await app.messageLog.suffix(8)), at: clock.now.offset
        )
        timeouts.value.append(timeout)
        onSettleTimeout(timeout)
    }
}

/// A headless app that did not settle: the work that was still running after its
/// `settleLimit` of real time, and the last messages the app handled.
///
/// ```swift
/// if let timeout = app.settleTimeouts.first { print(timeout) }
/// // the app did not settle at 1.5 seconds on its clock: still running: store: purchase; …
/// ```
public struct SettleTimeout: Error, Sendable, CustomStringConvertible {
    public let running: [String]
    public let lastMessages: [AppMessage]
    /// Where the virtual clock stood.
    public let at: Duration

    public var description: String {
        "the app did not settle at \(at) on its clock: still running: \(running.joined(separator: "; ")); "
            + "last messages: \(lastMessages.map { "\($0)".prefix(120) }.joined(separator: " | "))"
    }
}
