import CursesBackend
import StorefrontCommandLine

/// A terminal that cannot run the store (64) is reported as every failure is; `RunCommand`
/// ends silently with 128 + the signal after an interrupt.
extension TerminalError: ExitCodeError {}
