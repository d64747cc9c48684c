#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemCalls

/// A pseudo-terminal pair for running `CursesTerminal` without a real terminal: tests
/// and benchmarks start the terminal on `device`, type keys with `type(_:)`, and read
/// (and count) the bytes ncurses wrote with `readOutput()`.
///
/// ```swift
/// let pty = try PseudoTerminal(width: 80, height: 24)
/// let terminal = try CursesTerminal(options: .init(
///     input: pty.device, output: pty.device, terminalType: "xterm-256color", handlesSignals: false))
/// var frame = Buffer(width: 80, height: 24)
/// frame.write("Tip Jar", x: 0, y: 0)
/// terminal.draw(frame)
/// let firstFrame = pty.readOutput()   // the escape sequences and text ncurses sent
/// pty.type("\u{1B}[B")                // as if the user pressed Down
/// try terminal.readKey(timeout: .seconds(1))  // .down
/// terminal.stop()
/// ```
public final class PseudoTerminal: Sendable {
    /// The side a terminal emulator holds: write keys here, read the screen output here.
    public let controller: Int32
    /// The side a program runs on: hand it to `CursesTerminal.Options(input:output:)`.
    public let device: Int32

    private let pair: PseudoTerminalPair

    /// Opens a pseudo-terminal of `width` x `height` cells; throws `SystemCallError` when the
    /// system refuses one (none left, or no /dev/ptmx).
    public init(width: Int, height: Int) throws {
        pair = try PseudoTerminalPair(width: width, height: height)
        controller = pair.controller
        device = pair.device
    }

    deinit {
        close(controller)
        close(device)
    }

    /// Changes the window size, as a terminal emulator does when its window is resized.
    /// (The kernel signals SIGWINCH only to the pty's own session; a test running the
    /// terminal in-process raises SIGWINCH itself.)
    public func resize(width: Int, height: Int) {
        pair.resize(width: width, height: height)
    }

    /// Sends bytes to the program as if typed.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(controller, buffer.baseAddress! + offset, buffer.count - offset)
                guard count > 0 else { return }
                offset += count
            }
        }
    }

    /// Everything the program has written, read until nothing more arrives for `quiet`
    /// (output reaches the controller side asynchronously), or until `limit` has passed.
    public func readOutput(quiet: Duration = .milliseconds(50), limit: Duration = .seconds(5)) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while clock.now < deadline {
            var poller = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, quiet.wholeMilliseconds) > 0 else { break }
            let count = read(controller, &chunk, chunk.count)
            guard count > 0 else { break }
            output += chunk[0..<count]
        }
        return output
    }

    /// The device's current terminal modes (what `stty -a` shows), to check that a
    /// program put them back.
    public func modes() -> TerminalModes {
        var modes = termios()
        _ = tcgetattr(device, &modes)
        return TerminalModes(modes)
    }
}

/// The comparable part of a `termios`: mode flags and control characters.
///
/// ```swift
/// let before = pty.modes()
/// // ... run and stop a CursesTerminal on pty.device ...
/// pty.modes() == before  // true when the terminal was restored
/// ```
public struct TerminalModes: Sendable, Hashable {
    public let inputFlags: UInt32
    public let outputFlags: UInt32
    public let controlFlags: UInt32
    public let localFlags: UInt32
    public let controlCharacters: [UInt8]

    init(_ modes: termios) {
        inputFlags = modes.c_iflag
        outputFlags = modes.c_oflag
        controlFlags = modes.c_cflag
        localFlags = modes.c_lflag
        controlCharacters = withUnsafeBytes(of: modes.c_cc) { Array($0) }
    }

    /// Whether typed characters are echoed and read line by line (the shell's modes).
    public var isCanonicalWithEcho: Bool {
        localFlags & UInt32(ICANON) != 0 && localFlags & UInt32(ECHO) != 0
    }
}
