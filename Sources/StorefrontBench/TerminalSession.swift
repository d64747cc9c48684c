import CursesBackend
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program (`storefront`, or a peer of the side-by-side table) running on its own
/// pseudo-terminal at 80x24, as in a terminal emulator, with TERM=xterm-256color.
struct TerminalSession {
    let pty: PseudoTerminal
    let child: ChildProcess
    let started: ContinuousClock.Instant

    /// `environment` is added to this process's (STOREFRONT_PRESS, say).
    init(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws {
        pty = try PseudoTerminal(width: 80, height: 24)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = nil
        environment.merge(extra) { $1 }
        started = .now
        child = try ChildProcess(executable, arguments, input: pty.device, output: pty.device, error: pty.device, environment: environment)
    }

    /// Reads the screen output until `text` appears (within `limit` of the spawn): the time
    /// from the spawn to then.
    func waitFor(_ text: String, limit: Duration = .seconds(10)) throws -> Duration {
        try readScreen(until: text, quiet: nil, limit: limit)
    }

    /// Reads the screen output until `text` has appeared and then nothing more arrives for
    /// `quiet`: the time from the spawn to the last byte before the quiet, the first frame
    /// as it settles.
    func waitForSettled(_ text: String, quiet: Duration, limit: Duration) throws -> Duration {
        try readScreen(until: text, quiet: quiet, limit: limit)
    }

    private func readScreen(until text: String, quiet: Duration?, limit: Duration) throws -> Duration {
        let wanted = Array(text.utf8)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let deadline = started.advanced(by: limit)
        var seen: ContinuousClock.Instant?
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: pty.controller, events: Int16(POLLIN), revents: 0)
            let wait = seen != nil && quiet != nil ? Int32(quiet!.milliseconds) : 10
            guard poll(&poller, 1, wait) > 0 else {
                if let seen, quiet != nil { return started.duration(to: seen) }
                continue
            }
            let count = read(pty.controller, &chunk, chunk.count)
            guard count > 0 else { break }
            let now = ContinuousClock.now
            if seen != nil {
                seen = now
                continue
            }
            // Keep a tail long enough to match across reads.
            output = Array(output.suffix(wanted.count)) + chunk[0..<count]
            if output.firstRange(of: wanted) != nil {
                guard quiet != nil else { return started.duration(to: now) }
                seen = now
            }
        }
        if let seen { return started.duration(to: seen) }
        let tail = String(decoding: output.suffix(200), as: UTF8.self)
        throw BenchError("\(text.debugDescription) did not appear on screen within \(limit); last output: \(tail.debugDescription)")
    }

    /// The bytes the program writes in answer to `keys`: read from the first byte (waited for
    /// up to `limit`) until nothing more arrives for `quiet`. Empty when nothing came.
    func answer(to keys: String, quiet: Duration, limit: Duration = .seconds(5)) -> [UInt8] {
        pty.type(keys)
        guard waitForOutput(limit: limit) else { return [] }
        return pty.readOutput(quiet: quiet, limit: limit)
    }

    /// Whether the program writes something within `limit` (nothing is read).
    func waitForOutput(limit: Duration) -> Bool {
        var poller = pollfd(fd: pty.controller, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, Int32(limit.milliseconds)) > 0
    }

    /// A figure of the program's /proc/PID/status, in MB ("VmHWM:", "RssAnon:").
    func megabytes(_ field: String) throws -> Double {
        try procKilobytes(field, pid: child.pid) / 1_024
    }

    /// SIGTERM (the app restores the terminal and exits), then reaps it; SIGKILL when it
    /// has not gone within two seconds, so a program that ignores SIGTERM cannot hang the run.
    func end() {
        child.send(SIGTERM)
        _ = pty.readOutput(quiet: .milliseconds(20), limit: .seconds(2))
        if child.waitForExit(within: .seconds(2)) == nil {
            child.send(SIGKILL)
            child.waitForExit()
        }
    }
}

/// The figure of the line starting with `field` in process `pid`'s /proc file `file`
/// ("VmHWM:   1234 kB" in status), in kB. Linux keeps these figures; elsewhere the memory
/// benchmarks say they cannot run.
func procKilobytes(_ field: String, pid: Int32, file: String = "status") throws -> Double {
    #if os(Linux)
    let path = "/proc/\(pid)/\(file)"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
          let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
          let value = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    else { throw BenchError("memory: cannot read \(field) in \(path)") }
    return value
    #else
    throw BenchError("memory: \(field) is read from Linux's /proc, which this system lacks")
    #endif
}
