import Foundation

/// The command line: `storefront-bench [--quick] [--only SECTION] [--output PATH]
/// [--storefront PATH] [--peers-source PATH] [--command TEXT]`, and how many repetitions each figure gets.
struct BenchOptions {
    /// Fewer repetitions, for `make bench QUICK=1` (under a minute).
    var quick = false
    /// Run one section (to profile it); no results file is written.
    var only: BenchRun.Section?
    var output = "bench/results.json"
    /// The release `storefront` binary; by default the one next to this executable.
    var storefront: String
    /// The C reference list of the side-by-side table, compiled for the run.
    var peersSource = "bench/peers/list.c"
    /// The command that made the run, as printed with the table (`make bench` passes it).
    var command: String

    init(arguments: [String]) throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        storefront = executable.deletingLastPathComponent().appendingPathComponent("storefront").path
        command = arguments.joined(separator: " ")
        var rest = arguments.dropFirst()[...]
        func value(after flag: String) throws -> String {
            guard let value = rest.popFirst() else { throw BenchError("\(flag) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--output": output = try value(after: argument)
            case "--only":
                let name = try value(after: argument)
                guard let section = BenchRun.Section(rawValue: name) else {
                    throw BenchError("--only \(name.debugDescription): use one of " + BenchRun.Section.allCases.map(\.rawValue).joined(separator: ", "))
                }
                only = section
            case "--storefront": storefront = try value(after: argument)
            case "--command": command = try value(after: argument)
            case "--peers-source": peersSource = try value(after: argument)
            default: throw BenchError("unknown argument \(argument.debugDescription); usage: storefront-bench [--quick] [--only SECTION] [--output PATH] [--storefront PATH] [--peers-source PATH] [--command TEXT]")
            }
        }
        guard FileManager.default.isExecutableFile(atPath: storefront) else {
            throw BenchError("no storefront executable at \(storefront); build it with `swift build -c release --product storefront` or pass --storefront PATH")
        }
    }

    var frameRepetitions: Int { quick ? 11 : 301 }
    var latencyRounds: Int { quick ? 1 : 3 }
    var startupRuns: Int { quick ? 5 : 21 }
    var listStartupRuns: Int { quick ? 2 : 5 }
    /// Rounds of `--only scale` (start-up and both peaks each round).
    var scaleRuns: Int { quick ? 3 : 7 }
    /// Storefronts side by side for the memory each customer costs.
    var customers: Int { quick ? 10 : 50 }
    var catalogRuns: Int { quick ? 3 : 11 }
    var purchases: Int { quick ? 300 : 2_000 }
    var purchaseRuns: Int { quick ? 1 : 3 }
    /// Purchases whose way through the change feed is timed.
    var feedPurchases: Int { quick ? 50 : 300 }
    var verificationRuns: Int { quick ? 1 : 5 }
    /// Primaries killed for the failover time (issue 30 asks for the worst of 5).
    var failoverRuns: Int { quick ? 2 : 5 }
    var ceilingSignatures: Int { quick ? 1_000 : 10_000 }
    /// Also measure the memory of the catalog alone (another 100,000-product load).
    var memoryBreakdown: Bool { !quick }
    /// Runs of each program at each size in the side-by-side table (the issue took 2).
    var peerRuns: Int { quick ? 1 : 2 }
}
