import CursesBackend
import Foundation
import Testing
import TerminalUI

extension TerminalSessionTests {
    /// `runStoreApp` waits for keys with a `WakePipe`, so a store change is drawn at once.
    @Suite("Waiting for a key with a wake pipe")
    struct WakePipeTests {
        @Test("A wake-up ends the wait at once, with no key, and only that wait")
        func wakeUpEndsTheWait() throws {
            let session = try TerminalSession()
            let wakePipe = try #require(WakePipe())
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { wakePipe.wake() }
            let clock = ContinuousClock()
            var key: Key?
            let woken = try clock.measure { key = try session.terminal.readKey(timeout: .seconds(20), wakingOn: wakePipe) }
            #expect(key == nil)
            #expect(woken < .seconds(10), "the wait lasted its whole timeout: the wake-up was not seen")
            // Two wake-ups before a wait end that one wait; the next waits its timeout.
            wakePipe.wake()
            wakePipe.wake()
            #expect(try session.terminal.readKey(timeout: .seconds(20), wakingOn: wakePipe) == nil)
            let unwoken = try clock.measure { key = try session.terminal.readKey(timeout: .milliseconds(300), wakingOn: wakePipe) }
            #expect(unwoken >= .milliseconds(250))
        }

        @Test("Keys typed together all arrive, in order")
        func keysTypedTogetherAllArrive() throws {
            let session = try TerminalSession()
            let wakePipe = try #require(WakePipe())
            session.pty.type("\u{1B}[Bj\u{1B}[A\r")
            var keys: [Key] = []
            let clock = ContinuousClock()
            let elapsed = try clock.measure {
                for _ in 0..<8 where keys.count < 4 {
                    if let key = try session.terminal.readKey(timeout: .seconds(20), wakingOn: wakePipe) { keys.append(key) }
                }
            }
            #expect(keys == [.down, .char("j"), .up, .enter])
            #expect(elapsed < .seconds(10), "a key typed waited for more input")
        }

        @Test("A key typed during the wait is read, and a resize is still reported")
        func keysAndResizesDuringTheWait() throws {
            let session = try TerminalSession(width: 40, height: 10)
            let wakePipe = try #require(WakePipe())
            let pty = session.pty
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { pty.type("q") }
            #expect(try session.terminal.readKey(timeout: .seconds(20), wakingOn: wakePipe) == .char("q"))
            session.pty.resize(width: 60, height: 15)
            #expect(try session.terminal.readKey(timeout: .milliseconds(200), wakingOn: wakePipe) == .resize(width: 60, height: 15))
        }
    }
}
