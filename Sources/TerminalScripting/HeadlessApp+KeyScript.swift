import TerminalUI

extension HeadlessApp {
    /// Plays a key script (see `KeyScript`).
    ///
    /// ```swift
    /// await app.run(try KeyScript("down enter wait:800ms"))
    /// ```
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
}
