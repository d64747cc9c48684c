import TerminalUI

/// One screen of a recording, at a moment of the tape's virtual clock.
///
/// ```swift
/// let frame = TapeFrame(time: .milliseconds(1500), buffer: Buffer(lines: ["Thank you!"]), name: "thanks")
/// frame.label  // "── thanks (t=1.50s) ──"
/// ```
public struct TapeFrame: Sendable, Hashable {
    /// Time since the tape started.
    public var time: Duration
    public var buffer: Buffer
    /// Where the hardware cursor is; nil when hidden.
    public var cursor: Position?
    /// The `Snapshot` name, if the frame was taken by one.
    public var name: String?

    public init(time: Duration, buffer: Buffer, cursor: Position? = nil, name: String? = nil) {
        self.time = time
        self.buffer = buffer
        self.cursor = cursor
        self.name = name
    }

    /// The separator line of a frames file.
    public var label: String {
        "── \(name ?? "frame") (t=\(Self.seconds(time))) ──"
    }

    /// `1.50s`: seconds to the hundredth, rounded half up.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let hundredths = seconds * 100 + (attoseconds + 5_000_000_000_000_000) / 10_000_000_000_000_000
        let fraction = String(hundredths % 100)
        return "\(hundredths / 100).\(fraction.count == 1 ? "0" + fraction : fraction)s"
    }
}

/// What playing a tape produced: every screen change, for a cast, and the named
/// snapshots, for a frames file.
///
/// ```swift
/// let recording = try await TapePlayer(tape: tape, stage: makeStage).play()
/// recording.final.buffer.textLines()  // the last screen
/// try recording.framesText().write(to: url, atomically: true, encoding: .utf8)
/// ```
public struct TapeRecording: Sendable, Hashable {
    /// Each frame that differs from the one before, in time order; the first is the
    /// app's first screen. Never empty.
    public var frames: [TapeFrame]
    /// The frames `Snapshot` commands took, with their names.
    public var snapshots: [TapeFrame]
    /// The frames `Screenshot` commands took, named with their file names (`thanks.svg`).
    public var screenshots: [TapeFrame]
    /// The virtual time when the tape ended, less what was hidden.
    public var duration: Duration

    public init(frames: [TapeFrame], snapshots: [TapeFrame], screenshots: [TapeFrame] = [], duration: Duration) {
        precondition(!frames.isEmpty, "a recording has at least the first screen")
        self.frames = frames
        self.snapshots = snapshots
        self.screenshots = screenshots
        self.duration = duration
    }

    /// The screen when the tape ended, named `end`.
    public var final: TapeFrame {
        var frame = frames[frames.count - 1]
        frame.time = duration
        frame.name = "end"
        return frame
    }

    /// The text of each snapshot, then of the final screen unless the last snapshot
    /// already shows it: each under a `── name (t=1.50s) ──` line.
    public func framesText() -> String {
        var shown = snapshots
        if shown.last?.buffer != final.buffer { shown.append(final) }
        return shown.map { ([$0.label] + $0.buffer.textLines()).joined(separator: "\n") + "\n" }.joined()
    }
}
