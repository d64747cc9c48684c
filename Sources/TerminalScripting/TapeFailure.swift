import TerminalUI

/// A tape that stopped at a command that failed: the error at its line, the screen as it
/// was then, and what was recorded until then, so a demo maker sees why at once.
///
/// ```swift
/// do {
///     recording = try await TapePlayer(tape: tape, stage: makeStage).play()
/// } catch let failure as TapeFailure {
///     print(failure)                                   // tip.tape:9: WaitFor "Thank": not on screen after 10.00s …
///     print(failure.screen?.textLines() ?? [])         // a subscription that ends in "Current plan"
///     if let partial = failure.partial { keep(AsciicastEncoder.encode(partial)) }
/// }
/// ```
public struct TapeFailure: Error, Sendable, CustomStringConvertible {
    public var error: TapeError
    /// The screen when the tape stopped, even inside `Hide`; nil if the app had not started.
    public var screen: Buffer?
    /// The recording until the tape stopped; nil when nothing was recorded yet.
    public var partial: TapeRecording?

    public init(error: TapeError, screen: Buffer?, partial: TapeRecording?) {
        self.error = error
        self.screen = screen
        self.partial = partial
    }

    public var description: String { error.description }
}
