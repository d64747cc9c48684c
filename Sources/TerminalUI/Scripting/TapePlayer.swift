import StorefrontModel

/// Plays a `Tape` into a `HeadlessApp` on a virtual clock and records the screens.
///
/// Time is virtual, so the same tape always records the same frames. Each key is
/// followed by the typing pause (`Set typing-speed`, default 100 ms); `Wait` and the
/// pauses move the clock in spinner-sized steps, so the recording shows spinners turn
/// and the store answer. `WaitFor` steps until its text is on screen, or fails at its
/// line after `Set wait-timeout` (default 10 s).
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
    /// - Throws: `TapeError` naming the line of a command that failed (a `WaitFor` that
    ///   timed out, a store control that refused), or what the stage maker threw.
    public func play() async throws -> TapeRecording {
        let clock = VirtualClock()
        let stage = try await makeStage(tape.setup, clock)
        var session = TapeSession(stage: stage, clock: clock, size: tape.setup.size)
        for line in tape.lines {
            do {
                try await session.perform(line.command)
            } catch let error as TapeLineError {
                throw TapeError(file: tape.file, line: line.number, message: error.message)
            } catch {
                throw TapeError(file: tape.file, line: line.number, message: "\(line.command.name): \(error)")
            }
        }
        return await session.finish()
    }
}

/// The state of one play: the app (started at the first screen command), the clock,
/// the pauses, and the frames so far.
private struct TapeSession {
    let stage: TapeStage
    let clock: VirtualClock
    let size: TerminalSize
    var app: HeadlessApp?
    var typingPause: Duration = .milliseconds(100)
    var waitTimeout: Duration = .seconds(10)
    var frames: [TapeFrame] = []
    var snapshots: [TapeFrame] = []

    init(stage: TapeStage, clock: VirtualClock, size: TerminalSize) {
        self.stage = stage
        self.clock = clock
        self.size = size
    }

    mutating func perform(_ command: TapeCommand) async throws {
        switch command {
        case .size, .catalog, .storefront, .locale:
            break  // read by the stage maker
        case .store(let setting):
            try await stage.controls.apply(setting)
        case .buy(let productID):
            try await stage.controls.buy(productID: productID)
        case .approve:
            try await stage.controls.approveAskToBuy()
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
            let frame = await capture()
            snapshots.append(TapeFrame(time: clock.now.offset, buffer: frame.buffer, cursor: frame.cursor, name: name))
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

    /// Records the screen if it changed, and returns it.
    @discardableResult
    private mutating func capture() async -> TapeFrame {
        let shown = await started().frame()
        let frame = TapeFrame(time: clock.now.offset, buffer: shown.buffer, cursor: shown.cursor)
        if let last = frames.last, last.buffer == frame.buffer, last.cursor == frame.cursor {
            return last
        }
        frames.append(frame)
        return frame
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
    mutating func finish() async -> TapeRecording {
        await capture()
        return TapeRecording(frames: frames, snapshots: snapshots, duration: clock.now.offset)
    }
}
