import CursesBackend
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TerminalUI

extension TerminalSessionTests {
    @Suite("Starting and restoring the terminal")
    struct LifecycleTests {
        struct AppFailure: Error {}

        private func options(_ pty: PseudoTerminal, handlesSignals: Bool = false, type: String = "xterm-256color")
            -> CursesTerminal.Options
        {
            CursesTerminal.Options(input: pty.device, output: pty.device, terminalType: type, handlesSignals: handlesSignals)
        }

        @Test("Stopping puts the terminal's modes back and leaves the alternate screen")
        func restoresModes() async throws {
            let pty = try PseudoTerminal(width: 40, height: 10)
            let before = pty.modes()
            #expect(before.isCanonicalWithEcho)
            try await withTerminal(options(pty)) { terminal in
                #expect(!pty.modes().isCanonicalWithEcho)
                terminal.draw(Buffer(lines: ["Tip Jar"]))
            }
            #expect(pty.modes() == before)
            let output = String(decoding: pty.readOutput(), as: UTF8.self)
            #expect(output.contains("\u{1B}[?1049l"))  // rmcup: back to the shell's screen
        }

        @Test("An error thrown by the app is rethrown after the terminal is restored")
        func appError() async throws {
            let pty = try PseudoTerminal(width: 40, height: 10)
            let before = pty.modes()
            await #expect(throws: AppFailure.self) {
                try await withTerminal(options(pty)) { _ in throw AppFailure() }
            }
            #expect(pty.modes() == before)
            // The terminal can start again: nothing was left running.
            try await withTerminal(options(pty)) { _ in }
        }

        @Test("SIGTERM, SIGINT and SIGHUP end the input loop, and the terminal is restored", arguments: [SIGTERM, SIGINT, SIGHUP])
        func signals(signal: Int32) async throws {
            let pty = try PseudoTerminal(width: 40, height: 10)
            let before = pty.modes()
            await #expect(throws: TerminalError.interrupted(signal: signal)) {
                try await withTerminal(options(pty, handlesSignals: true)) { terminal in
                    terminal.draw(Buffer(lines: ["Loading…"]))
                    kill(getpid(), signal)  // to the process, as a terminal or `kill` sends it
                    while true { _ = try terminal.readKey(timeout: .milliseconds(20)) }
                }
            }
            #expect(pty.modes() == before)
            #expect(TerminalError.interrupted(signal: signal).exitCode == 128 + signal)
        }

        @Test("The signal handlers are removed when the terminal stops")
        func handlersRemoved() async throws {
            let pty = try PseudoTerminal(width: 40, height: 10)
            var before = sigaction()
            sigaction(SIGHUP, nil, &before)
            try await withTerminal(options(pty, handlesSignals: true)) { _ in }
            var after = sigaction()
            sigaction(SIGHUP, nil, &after)
            #expect(unsafeBitCast(after.__sigaction_handler, to: Int.self) == unsafeBitCast(before.__sigaction_handler, to: Int.self))
        }

        @Test("Input or output that is not a terminal is refused with exit code 64")
        func notATerminal() throws {
            var descriptors: [Int32] = [0, 0]
            #expect(pipe(&descriptors) == 0)
            defer { descriptors.forEach { close($0) } }
            let pty = try PseudoTerminal(width: 40, height: 10)
            let options = CursesTerminal.Options(input: pty.device, output: descriptors[1], handlesSignals: false)
            #expect(throws: TerminalError.notATerminal("file descriptor \(descriptors[1])")) {
                try CursesTerminal(options: options)
            }
            #expect(TerminalError.notATerminal("standard output").exitCode == 64)
        }

        @Test("An unknown TERM falls back to xterm-256color")
        func unknownTerminalType() throws {
            let pty = try PseudoTerminal(width: 40, height: 10)
            let terminal = try CursesTerminal(options: options(pty, type: "no-such-terminal-xyz"))
            defer { terminal.stop() }
            #expect(terminal.terminalType == "xterm-256color")
        }

        @Test("A terminal that cannot move the cursor is refused")
        func dumbTerminal() throws {
            let pty = try PseudoTerminal(width: 40, height: 10)
            let before = pty.modes()
            #expect(throws: TerminalError.cannotAddressCursor("dumb")) {
                try CursesTerminal(options: options(pty, type: "dumb"))
            }
            #expect(pty.modes() == before)
        }

        @Test("Only one terminal runs at a time")
        func oneAtATime() throws {
            let first = try PseudoTerminal(width: 40, height: 10)
            let second = try PseudoTerminal(width: 40, height: 10)
            let terminal = try CursesTerminal(options: options(first))
            defer { terminal.stop() }
            #expect(throws: TerminalError.alreadyRunning) {
                try CursesTerminal(options: options(second))
            }
        }
    }
}
