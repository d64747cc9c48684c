/// Spinner frames as a pure function of elapsed time, so a test clock or a demo
/// script gets the same frame every run.
///
/// ```swift
/// Spinner.frame(at: .milliseconds(0), options: RenderOptions())    // "⠋"
/// Spinner.frame(at: .milliseconds(160), options: RenderOptions())  // "⠹"
/// Spinner.frame(at: .milliseconds(100), options: RenderOptions(ascii: true))  // "/"
/// ```
public enum Spinner {
    /// How long each frame shows.
    public static let interval: Duration = .milliseconds(80)

    static let unicodeFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    static let asciiFrames = ["|", "/", "-", "\\"]

    /// The frame to show `elapsed` after the spinner started (negative counts as 0).
    public static func frame(at elapsed: Duration, options: RenderOptions) -> String {
        let frames = options.ascii ? asciiFrames : unicodeFrames
        let step = max(0, Int(elapsed / interval))
        return frames[step % frames.count]
    }
}
