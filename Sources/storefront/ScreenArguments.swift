import StorefrontCommandLine
import TerminalScripting
import TerminalUI

// `snapshot`'s options, refused at `run()` with one "storefront: bad …" line and exit 64
// (EX_USAGE), as they always have been.

extension TerminalSize: CommandLineValue {
    /// `--size`: columns x rows, such as `80x24`.
    package init(commandLine argument: String) throws {
        guard let size = TerminalSize(argument) else {
            throw CommandFailure(TerminalSize.problem(with: argument), exitCode: .usage)
        }
        self = size
    }
}

extension KeyScript: CommandLineValue {
    /// `--keys`: a space-separated key script; the error names the first bad key.
    package init(commandLine argument: String) throws {
        do {
            try self.init(argument)
        } catch {
            throw CommandFailure(error.description, exitCode: .usage)
        }
    }
}

extension Duration: CommandLineValue {
    /// `--after`, the one option that takes a bare duration: `500ms`, `2s`.
    package init(commandLine argument: String) throws {
        guard let duration = DurationText.parse(argument) else {
            throw CommandFailure("bad --after \"\(argument)\": expected a duration such as 500ms or 2s", exitCode: .usage)
        }
        self = duration
    }
}
