import StorefrontModel
import TerminalUI

/// Plays a `Tape` into a `HeadlessApp` on a virtual clock and records the screens.
///
/// Time is virtual, so the same tape always records the same frames. Each key is
/// followed by the typing pause (`Set typing-speed`, default 100 ms); `Wait` and the
/// pauses move the clock in spinner-sized steps, so the recording shows spinners turn
/// and the store answer. `WaitFor` steps until its text is on screen, or fails at its
/// line after `Set wait-timeout` (default 10 s). Between `Hide` and `Show` the tape plays
/// on but records nothing, and its time is left out of the recording's.
///
/// ```swift
/// let tape = try Tape(String(contentsOfFile: "tip.tape", encoding: .utf8), file: "tip.tape")
/// let recording = try await TapePlayer(tape: tape) { setup, clock in
///     try makeStage(setup, clock)  // a store on `clock`, its layout and controls
/// }.play()
/// print(recording.framesText())
/// ```
public struct TapePlayer: Sendable {
    /// Builds the store and app settings for a tape's setup, on the tape's clock (the
    /// store must sleep on it, so latency takes virtual time).
    public typealias StageMaker = @Sendable (TapeSetup, VirtualClock) async throws -> TapeStage

    public let tape: Tape
    private let makeStage: StageMaker

    /// How far the clock moves between recorded frames while time passes.
    static let step = Spinner.interval

    public init(tape: Tape, stage: @escaping StageMaker) {
        self.tape = tape
        makeStage = stage
    }

    /// Plays every command and returns the recording.
    ///
    /// - Throws: `TapeFailure` when a command failed (a `WaitFor` that timed out, a store
    ///   control that refused): its line, the screen then and what was recorded until
    ///   then; or what the stage maker threw.
    public func play() async throws -> TapeRecording {
        let clock = VirtualClock()
        let stage = try await makeStage(tape.setup, clock)
        var session = TapeSession(stage: stage, clock: clock, size: tape.setup.size)
        for line in tape.lines {
            let message: String
            do {
                try await session.perform(line.command)
                continue
            } catch let error as TapeLineError {
                message = error.message
            } catch {
                // An error that only describes itself in words (LocalizedError) says so, not its case.
                let words = (error as? any CustomStringConvertible)?.description ?? error.localizedDescription
                message = "\(line.command.name): \(words)"
            }
            let (screen, partial) = await session.stopped()
            throw TapeFailure(error: TapeError(file: line.file, line: line.number, message: message), screen: screen, partial: partial)
        }
        return await session.finish()
    }
}

/// The state of one play: the app (started at the first screen command), the clock,
/// the pauses, what is hidden, and the frames so far.
private struct TapeSession {
    let stage: TapeStage
    let clock: VirtualClock
    let size: TerminalSize
    var app: HeadlessApp?
    var typingPause: Duration = .milliseconds(100)
    var waitTimeout: Duration = .seconds(10)
    /// When the running `Hide` started, on the clock; nil while recording.
    var hiddenSince: Duration?
    /// The time the finished `Hide`s took.
    var hiddenTime: Duration = .zero
    var frames: [TapeFrame] = []
    var snapshots: [TapeFrame] = []
    var screenshots: [TapeFrame] = []

    init(stage: TapeStage, clock: VirtualClock, size: TerminalSize) {
        self.stage = stage
        self.clock = clock
        self.size = size
    }

    mutating func perform(_ command: TapeCommand) async throws {
        switch command {
        case .size, .catalog, .storefront, .locale, .bundleID, .apiKeys, .promotionalOffer:
            break  // read by the stage maker
        case .source:
            break  // read by Tape, which put the sourced lines in its place
        case .hide:
            hiddenSince = clock.now.offset
        case .show:
            if let hiddenSince { hiddenTime += clock.now.offset - hiddenSince }
            hiddenSince = nil
            if app != nil { await capture() }
        case .store(let setting):
            try await stage.controls.apply(setting)
        case .buy(let productID):
            try await stage.controls.buy(productID: productID)
        case .approve:
            try await stage.controls.approveAskToBuy()
            if app != nil { await capture() }
        case .expire(let productID):
            try await stage.controls.expire(productID: productID)
            if app != nil { await capture() }
        case .event(let event):
            try await stage.controls.perform(event)
            if app != nil { await capture() }
        case .typingSpeed(let pause):
            typingPause = pause
        case .waitTimeout(let timeout):
            waitTimeout = timeout
        case .press(let keys):
            let app = await started()
            for key in keys {
                await app.press(key)
                await captureThenPause()
            }
        case .type(let text):
            let app = await started()
            for character in text {
                await app.type(String(character))
                await captureThenPause()
            }
        case .wait(let duration):
            _ = await started()
            await pass(duration)
        case .waitFor(let text):
            try await waitFor(text)
        case .snapshot(let name):
            snapshots.append(await capture(named: name))
        case .screenshot(let name):
            screenshots.append(await capture(named: name))
        case .resize(let size):
            await started().resize(width: size.width, height: size.height)
            await capture()
        }
    }

    /// The app, started (and its first screen recorded) on first use.
    private mutating func started() async -> HeadlessApp {
        if let app { return app }
        let app = await HeadlessApp(size: size, backend: stage.backend, layout: stage.layout, options: stage.options, clock: clock)
        self.app = app
        await capture()
        return app
    }

    /// The time the recording has reached: the clock's, less what was hidden.
    private var recordedTime: Duration {
        clock.now.offset - hiddenTime - (hiddenSince.map { clock.now.offset - $0 } ?? .zero)
    }

    /// Records the screen if it changed (and is not hidden), and returns it.
    @discardableResult
    private mutating func capture() async -> TapeFrame {
        let shown = await started().frame()
        let frame = TapeFrame(time: recordedTime, buffer: shown.buffer, cursor: shown.cursor)
        guard hiddenSince == nil else { return frame }
        if let last = frames.last, last.buffer == frame.buffer, last.cursor == frame.cursor {
            return last
        }
        frames.append(frame)
        return frame
    }

    /// The screen now, recorded, under `name`.
    private mutating func capture(named name: String) async -> TapeFrame {
        let frame = await capture()
        return TapeFrame(time: recordedTime, buffer: frame.buffer, cursor: frame.cursor, name: name)
    }

    private mutating func captureThenPause() async {
        await capture()
        await pass(typingPause)
    }

    /// Moves the clock on by `duration` in steps, recording each change.
    private mutating func pass(_ duration: Duration) async {
        let app = await started()
        var left = duration
        while left > .zero {
            let step = min(left, TapePlayer.step)
            await app.wait(step)
            await capture()
            left -= step
        }
    }

    private mutating func waitFor(_ text: String) async throws(TapeLineError) {
        let app = await started()
        let deadline = clock.now.offset + waitTimeout
        while !(await app.render().textLines().contains { $0.contains(text) }) {
            guard clock.now.offset < deadline else {
                throw TapeLineError("WaitFor \"\(text)\": not on screen after \(TapeFrame.seconds(waitTimeout)) (Set wait-timeout gives it longer)")
            }
            await pass(TapePlayer.step)
        }
    }

    /// The recording, with the app started even for a tape without screen commands.
    /// (`Tape` refuses a tape that hides every screen, so there is a frame.)
    mutating func finish() async -> TapeRecording {
        await capture()
        return recording
    }

    /// After a command failed: the screen as it is (hidden or not), and what was recorded
    /// until now; nil for what there is not.
    mutating func stopped() async -> (screen: Buffer?, partial: TapeRecording?) {
        guard let app else { return (nil, nil) }
        await capture()
        return (await app.render(), frames.isEmpty ? nil : recording)
    }

    private var recording: TapeRecording {
        TapeRecording(frames: frames, snapshots: snapshots, screenshots: screenshots, duration: recordedTime)
    }
}
