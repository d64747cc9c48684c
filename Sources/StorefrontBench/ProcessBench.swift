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
            anon.append(try procKilobytes("RssAnon:", pid: pid) / 1_024)
            rss.append(try procKilobytes("VmRSS:", pid: pid) / 1_024)
            pss.append(try procKilobytes("Pss:", pid: pid, file: "smaps_rollup") / 1_024)
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
        return try procKilobytes("VmHWM:", pid: session.child.pid) / 1_024
    }
}
