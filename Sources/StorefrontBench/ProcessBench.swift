import CursesBackend
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Figures 4 and 6, measured on the release `storefront` binary itself, each run a
/// fresh process.
struct ProcessBench {
    /// The `storefront` executable.
    let storefront: String

    /// Start-up: from `posix_spawn` of `storefront run --latency 0 --in-memory` on an
    /// 80x24 pseudo-terminal to the first frame's bytes (the store list's title) arriving
    /// on the controller side. The process is then ended with SIGTERM.
    func startup(runs: Int) throws -> Samples {
        var values: [Double] = []
        for _ in 0..<runs {
            let session = try TerminalSession(storefront, ["run", "--latency", "0", "--in-memory"])
            values.append(try session.waitFor("Backyard Birds").milliseconds)
            session.end()
        }
        return Samples(values)
    }

    /// Start-up to the product list: from the spawn of `storefront run` with every product
    /// of `catalog` in one shop (`layout`), opened as it starts (STOREFRONT_PRESS=enter),
    /// until the list's position counter ("/N") arrives: the parse, the store, the first page.
    func listStartup(catalog: URL, layout: URL, productCount: Int, runs: Int) throws -> Samples {
        var values: [Double] = []
        for _ in 0..<runs {
            let session = try TerminalSession(storefront, [
                "run", "--catalog", catalog.path, "--layout", layout.path, "--latency", "0", "--in-memory",
            ], environment: ["STOREFRONT_PRESS": "enter"])
            values.append(try session.waitFor("/\(productCount)", limit: .seconds(60)).milliseconds)
            session.end()
        }
        return Samples(values)
    }

    /// What each customer costs, every SSH session being one `storefront run` of the default
    /// catalog: `count` of them side by side, each on its own pseudo-terminal showing its
    /// store list; medians of RssAnon (its private, anonymous memory) and of Pss (its own
    /// pages plus its share of those it shares: what the machine pays per process), in MB.
    func customerMemory(count: Int) throws -> (rssAnon: Double, pss: Double, rss: Double) {
        var sessions: [TerminalSession] = []
        defer { sessions.forEach { $0.end() } }
        for _ in 0..<count {
            let session = try TerminalSession(storefront, ["run", "--latency", "0", "--in-memory"])
            _ = try session.waitFor("Backyard Birds", limit: .seconds(60))
            sessions.append(session)
        }
        for session in sessions { _ = session.pty.readOutput(quiet: .milliseconds(20), limit: .seconds(1)) }
        var anon: [Double] = [], pss: [Double] = [], rss: [Double] = []
        for session in sessions {
            let pid = session.child.pid
            anon.append(try kilobytes("RssAnon:", in: "/proc/\(pid)/status") / 1_024)
            rss.append(try kilobytes("VmRSS:", in: "/proc/\(pid)/status") / 1_024)
            pss.append(try kilobytes("Pss:", in: "/proc/\(pid)/smaps_rollup") / 1_024)
        }
        return (Samples(anon).median, Samples(pss).median, Samples(rss).median)
    }

    /// `storefront ARGUMENTS > /dev/null`, process start to exit: `catalog FILE --json`
    /// for the figure; `--help` for the floor every command pays (loading, runtime, parsing).
    func command(_ arguments: [String], runs: Int) throws -> Samples {
        var error: (any Error)?
        let samples = timed(repetitions: runs, warmUp: 1) {
            do {
                try ChildProcess.run(storefront, arguments, outputPath: "/dev/null")
            } catch let failure {
                error = failure
            }
        }
        if let error { throw error }
        return samples
    }

    /// Peak resident memory of `storefront run` with every product of `catalog` in one
    /// list (`layout`): opened, drawn, then moved to the last product (End) so every row
    /// has been reachable. Without a layout: the store list of the derived layout, before
    /// any shop opens (the catalog loaded, no products shown). Read from the kernel's
    /// VmHWM just before SIGTERM (a child's ru_maxrss would start from this process's
    /// own peak, which the frame benchmark raises); in MB.
    func peakMemory(catalog: URL, layout: URL?, productCount: Int) throws -> Double {
        let session = try TerminalSession(storefront, [
            "run", "--catalog", catalog.path, "--latency", "0", "--in-memory",
        ] + (layout.map { ["--layout", $0.path] } ?? []))
        defer { session.end() }
        _ = try session.waitFor(layout == nil ? "Consumables" : "All products", limit: .seconds(60))
        if layout != nil {
            session.pty.type("\r")
            // The status line's "1/100000" shows once the list is drawn.
            _ = try session.waitFor("/\(productCount)", limit: .seconds(120))
            session.pty.type("\u{1B}OF")  // End
        }
        _ = session.pty.readOutput(quiet: .milliseconds(300), limit: .seconds(10))
        return try kilobytes("VmHWM:", in: "/proc/\(session.child.pid)/status") / 1_024
    }

    /// The figure of the line starting with `field` in a /proc file ("VmHWM:   1234 kB").
    private func kilobytes(_ field: String, in path: String) throws -> Double {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let value = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { throw BenchError("memory: cannot read \(field) in \(path)") }
        return value
    }
}

/// `storefront` running on its own pseudo-terminal at 80x24, as in a terminal emulator.
private struct TerminalSession {
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
        let wanted = Array(text.utf8)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let deadline = started.advanced(by: limit)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: pty.controller, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 10) > 0 else { continue }
            let count = read(pty.controller, &chunk, chunk.count)
            guard count > 0 else { break }
            let now = ContinuousClock.now
            // Keep a tail long enough to match across reads.
            output = Array(output.suffix(wanted.count)) + chunk[0..<count]
            if output.firstRange(of: wanted) != nil { return started.duration(to: now) }
        }
        let tail = String(decoding: output.suffix(200), as: UTF8.self)
        throw BenchError("\(text.debugDescription) did not appear on screen within \(limit); last output: \(tail.debugDescription)")
    }

    /// SIGTERM (the app restores the terminal and exits), then reaps it.
    func end() {
        child.send(SIGTERM)
        _ = pty.readOutput(quiet: .milliseconds(20), limit: .seconds(2))
        child.waitForExit()
    }
}
