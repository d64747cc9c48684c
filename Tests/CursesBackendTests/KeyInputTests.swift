import CursesBackend
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TerminalUI

extension TerminalSessionTests {
    @Suite("Key input")
    struct KeyInputTests {
        static let sequences: [(String, Key)] = [
            ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down),
            ("\r", .enter), ("\n", .enter), ("\u{1B}OM", .enter),
            ("\t", .tab), ("\u{1B}[Z", .backTab), (" ", .space),
            ("\u{7F}", .backspace), ("\u{8}", .backspace),
            ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
            ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
            ("q", .char("q")), ("Q", .char("Q")), ("é", .char("é")), ("中", .char("中")), ("￥", .char("￥")),
            ("\u{1}", .ctrl("a")), ("\u{B}", .ctrl("k")), ("\u{12}", .ctrl("r")),
            ("\u{1B}[<0;5;3M", .mouse(x: 4, y: 2)),
        ]

        @Test("Bytes a terminal sends decode to keys", arguments: sequences)
        func decode(bytes: String, expected: Key) throws {
            let session = try TerminalSession()
            #expect(try session.key(after: bytes) == expected)
        }

        @Test("A lone Esc arrives after the short escape delay")
        func escape() throws {
            let session = try TerminalSession()
            let clock = ContinuousClock()
            session.pty.type("\u{1B}")
            var key: Key?
            let elapsed = try clock.measure { key = try session.terminal.readKey(timeout: .seconds(2)) }
            #expect(key == .esc)
            #expect(elapsed < .milliseconds(500))
        }

        @Test("Keys typed quickly arrive in order")
        func sequence() throws {
            let session = try TerminalSession()
            session.pty.type("\u{1B}[Bj\u{1B}[A\r")
            var keys: [Key] = []
            while let key = try session.terminal.readKey(timeout: .milliseconds(200)) {
                keys.append(key)
            }
            #expect(keys == [.down, .char("j"), .up, .enter])
        }

        @Test("No key within the timeout gives nil")
        func timeout() throws {
            let session = try TerminalSession()
            #expect(try session.terminal.readKey(timeout: .milliseconds(30)) == nil)
        }

        @Test("A resize reports the new size, and the next frame repaints everything")
        func resize() throws {
            let session = try TerminalSession(width: 40, height: 10)
            var frame = session.frame()
            frame.write("Tip Jar", x: 0, y: 0)
            session.draw(frame)
            session.pty.resize(width: 60, height: 15)
            #expect(try session.terminal.readKey(timeout: .milliseconds(100)) == .resize(width: 60, height: 15))
            #expect(session.terminal.area == Rect(x: 0, y: 0, width: 60, height: 15))
            var larger = session.frame()
            larger.write("Tip Jar", x: 0, y: 0)
            #expect(session.draw(larger).cells == 60 * 15)
            // The SIGWINCH a real resize also sends adds no second resize event.
            kill(getpid(), SIGWINCH)
            #expect(try session.terminal.readKey(timeout: .milliseconds(50)) == nil)
        }
    }
}
