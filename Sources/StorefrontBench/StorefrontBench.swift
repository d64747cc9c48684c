import Foundation

/// `storefront-bench`: every figure of issue 6 in one run of the release build. Prints
/// the command and a table (figure, median, target, met?) and writes `bench/results.json`.
///
/// ```
/// swift build -c release --product storefront --product storefront-bench
/// .build/release/storefront-bench --quick
/// ```
@main
struct StorefrontBench {
    static func main() async {
        do {
            let options = try BenchOptions(arguments: CommandLine.arguments)
            var run = BenchRun(options: options)
            try await run.all()
            if options.only == nil {
                let text = run.results.json(catalogSizes: FrameBench.catalogSizes)
                let output = URL(fileURLWithPath: options.output)
                try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: output)
            }
            print("""

                command: \(options.command)
                revision: \(BenchRun.revision)
                machine: \(BenchRun.machine); load average \(run.loadAtStart) at the start, \(BenchRun.load) at the end
                frame checksum: \(run.checksum)

                \(run.report.table)
                \(run.peerTable.isEmpty ? "" : "\nside by side (issue 17), medians of \(options.peerRuns) run(s):\n\n" + run.peerTable + "\n")

                \(options.only == nil ? "wrote \(options.output)" : "only \(options.only?.rawValue ?? ""): no results file written")
                """)
        } catch {
            FileHandle.standardError.write(Data("storefront-bench: \(error)\n".utf8))
            exit(70)
        }
    }
}
