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
    public init(
        size: TerminalSize = TerminalSize(width: 80, height: 24),
        backend: any StoreBackend,
        layout: StoreLayout,
        options: AppOptions = AppOptions(),
        clock: VirtualClock = VirtualClock(),
        epoch: Date = HeadlessApp.defaultEpoch
    ) async {
        self.clock = clock
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

    /// Plays a key script (see `KeyScript`).
    public func run(_ script: KeyScript) async {
        for step in script.steps {
            switch step {
            case .key(let key): await press(key)
            case .text(let text): await type(text)
            case .wait(let duration): await wait(duration)
            case .resize(let width, let height): await resize(width: width, height: height)
            }
        }
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
    /// asleep on the virtual clock, or waits for the customer (the confirmation sheet);
    /// then reads the store once more so the state matches it.
    ///
    /// Work runs on other threads, so "quiet" must hold across several yields and a
    /// short real-time window before it counts. A run that never quiets (an effect stuck
    /// on something outside the app) gives up after ten seconds of real time.
    public func settle() async {
        let giveUp = ContinuousClock.now.advanced(by: .seconds(10))
        repeat {
            await waitUntilQuiet(giveUpAt: giveUp)
        } while await app.storeDidChange() && ContinuousClock.now < giveUp
    }

    private func waitUntilQuiet(giveUpAt giveUp: ContinuousClock.Instant) async {
        var quietRounds = 0
        var quietSince: ContinuousClock.Instant?
        while ContinuousClock.now < giveUp {
            await Task.yield()
            guard app.tracker.isQuiet(sleeping: clock.sleepingActivities) else {
                quietRounds = 0
                quietSince = nil
                continue
            }
            quietRounds += 1
            let since = quietSince ?? ContinuousClock.now
            quietSince = since
            if quietRounds >= 16, since.duration(to: .now) >= .milliseconds(2) { return }
            if quietRounds >= 16 {
                // Let tasks queued behind this one (or on other threads) run.
                try? await Task.sleep(for: .microseconds(200))
            }
        }
    }
}
