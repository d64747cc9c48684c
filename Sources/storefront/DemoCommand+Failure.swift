import Foundation
import StorefrontCommandLine
import TerminalScripting
import TerminalUI

/// A tape that stopped: the error, then the screen it stopped on, and what was recorded
/// until then kept beside each output asked for, as `NAME.partial.cast` / `NAME.partial.txt`.
extension DemoCommand {
    /// Keeps the partial recording and says what happened; exits 65 even when a partial
    /// output cannot be written (the tape is what failed).
    func stopped(_ failure: TapeFailure) -> CommandFailure {
        var detail = ""
        if let screen = failure.screen {
            let rows = screen.textLines().map { String($0.reversed().drop(while: \.isWhitespace).reversed()) }
            detail += (["── the screen when the tape stopped ──"] + rows).joined(separator: "\n") + "\n"
        }
        if let partial = failure.partial {
            var outputs: [(path: String, text: String)] = []
            if let cast { outputs.append((cast, AsciicastEncoder.encode(partial))) }
            if let frames { outputs.append((frames, partial.framesText())) }
            for output in outputs {
                let path = Self.partialPath(output.path)
                do {
                    try writeOutput(output.text, to: path)
                    detail += "kept what was recorded until then: \(path)\n"
                } catch {
                    detail += "\(error)\n"
                }
            }
        }
        return CommandFailure(failure.description, exitCode: .dataError, detail: detail)
    }

    /// `tip.cast` → `tip.partial.cast`; `tip` → `tip.partial`.
    static func partialPath(_ path: String) -> String {
        let file = path as NSString
        let stem = file.deletingPathExtension + ".partial"
        return file.pathExtension.isEmpty ? stem : stem + "." + file.pathExtension
    }
}
