import Foundation

/// Runs the figures in order, filling the results file and the printed table.
struct BenchRun {
    let options: BenchOptions
    var results = BenchResults()
    var report = Report()
    var checksum = 0

    init(options: BenchOptions) {
        self.options = options
    }

    /// The processor count and kernel: the figures are noisy on shared cores.
    static let machine: String = {
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(ProcessInfo.processInfo.activeProcessorCount) cores, Linux \(release)"
    }()

    /// The commit measured, `-dirty` when the shared tree had uncommitted changes (which the
    /// build includes).
    static var revision: String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-bench-revision-\(getpid())")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? ChildProcess.run("/usr/bin/env", ["git", "describe", "--always", "--dirty"], outputPath: file.path)) != nil,
              let text = try? String(contentsOf: file, encoding: .utf8)
        else { return "unknown (not a git checkout)" }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The 1, 5 and 15 minute load averages now: other work on the same cores.
    static var load: String {
        var averages = [Double](repeating: 0, count: 3)
        guard getloadavg(&averages, 3) == 3 else { return "?" }
        return averages.map { String(format: "%.2f", $0) }.joined(separator: " ")
    }

    /// Parts of the run, for `--only`.
    enum Section: String, CaseIterable {
        case frames, terminal, processes, ledger, engines, peers
        /// Figures 6 and 7 alone, repeated: the two 100,000-product targets.
        case scale
        /// Issue 30: a synchronous standby's cost, the change feed across TLS, failover time.
        case failover
    }

    /// The load average when the run started.
    private(set) var loadAtStart = ""

    mutating func all() async throws {
        loadAtStart = Self.load
        let catalogs = try GeneratedCatalogs(storefront: options.storefront)
        let only = options.only
        let wanted = { (section: Section) in only == nil || only == section }
        if wanted(.frames) { try await frames(catalogs) }
        if wanted(.terminal) { try await terminal(catalogs) }
        if wanted(.processes) { try processes(catalogs) }
        if wanted(.ledger) { try await ledger(catalogs.folder) }
        if wanted(.engines) { try await engines(catalogs) }
        if wanted(.peers) { try peers(catalogs.folder) }
        if wanted(.failover) { try await failover(catalogs.folder) }
        if only == .scale { try scale(catalogs) }
    }

    /// Issue 17's side-by-side table (Markdown), empty until the peers have run.
    private(set) var peerTable = ""

    private let started = ContinuousClock.now

    private func progress(_ message: String) {
        let seconds = String(format: "%5.1f", started.duration(to: .now).milliseconds / 1_000)
        FileHandle.standardError.write(Data("storefront-bench: [\(seconds) s] \(message)\n".utf8))
    }

    // MARK: Figure 1

    private mutating func frames(_ catalogs: GeneratedCatalogs) async throws {
        var bench = FrameBench(repetitions: options.frameRepetitions)
        var widget: [Int: (top: Double, scrolled: Double)] = [:]
        progress("frame cost, \(FrameBench.catalogSizes.map(String.init).joined(separator: ", ")) products, taking turns")
        for (count, (top, scrolled)) in try await bench.run(productCounts: FrameBench.catalogSizes, catalogs: catalogs) {
            results.frameMs[count] = top.app.median
            results.frameScrolledMs[count] = scrolled.app.median
            widget[count] = (top.widget.median, scrolled.widget.median)
        }
        checksum = bench.checksum
        for (key, values) in [("frame_ms", results.frameMs), ("frame_scrolled_ms", results.frameScrolledMs)] {
            for count in FrameBench.catalogSizes {
                let value = values[count] ?? 0
                report.add("\(key) \(count)", value, unit: "ms", target: "< 1", met: value < 1)
            }
            let ratio = (values[100_000] ?? 0) / (values[64] ?? 1)
            report.add("\(key) 100000/64", ratio, unit: "x", target: "<= 1.5", met: ratio <= 1.5)
        }
        for count in FrameBench.catalogSizes {
            report.add("  StoreView.render only, \(count) top / scrolled", widget[count]?.top ?? 0, unit: "/ \(Report.format(widget[count]?.scrolled ?? 0)) ms")
        }
    }

    // MARK: Figures 2 and 3

    private mutating func terminal(_ catalogs: GeneratedCatalogs) async throws {
        progress("bytes to the terminal (80x24, 2048-product catalog)")
        let catalog = try catalogs.catalog(productCount: 2_048)
        let scenario = try await TerminalScenario.record(catalog: catalog)
        let diffed = try await BytesBench.run(scenario, naive: false)
        let naive = try await BytesBench.run(scenario, naive: true)
        results.bytesPerMove = diffed.moveMedian()
        results.naiveBytesPerMove = naive.moveMedian()
        results.idleBytes = Double(diffed.bytes(in: .idle).reduce(0, +))
        results.bytesPerMoveInPage = diffed.moveMedian(scrolled: false)
        report.add("bytes_per_move", results.bytesPerMove, unit: "B", target: "<= 142", met: results.bytesPerMove <= 142)
        let scrolling = diffed.steps.filter { $0.phase == .move && $0.scrolled }.count
        report.add("bytes_per_move_in_page (\(TerminalScenario.moves - scrolling) of the moves)", results.bytesPerMoveInPage, unit: "B", target: "<= 77", met: results.bytesPerMoveInPage <= 77)
        report.add("  the \(scrolling) moves that turn a page", diffed.moveMedian(scrolled: true), unit: "B")
        report.add("  largest move", Double(diffed.bytes(in: .move).max() ?? 0), unit: "B")
        report.add("naive_bytes_per_move", results.naiveBytesPerMove, unit: "B")
        report.add("  naive / diffed per move", results.naiveBytesPerMove / max(1, results.bytesPerMove), unit: "x")
        report.add("idle_bytes (1 s of 50 ms ticks)", results.idleBytes, unit: "B", target: "0", met: results.idleBytes == 0)
        let purchase = Double(diffed.bytes(in: .purchase).reduce(0, +))
        let naivePurchase = Double(naive.bytes(in: .purchase).reduce(0, +))
        report.add("  purchase with spinner, diffed / naive", purchase, unit: "/ \(Report.format(naivePurchase)) B")
        report.add("  terminal setup (before the first frame)", Double(diffed.setup), unit: "B")
        // What the selection's reverse video costs: the same frames with it drawn as a
        // background colour (blank runs can then be erased, not written), or not at all.
        let coloured = try await BytesBench.run(scenario.restyled { style in
            guard style.modifiers.contains(.reverse) else { return style }
            var plain = style
            plain.modifiers.remove(.reverse)
            plain.background = .blue
            return plain
        }, naive: false)
        let unmarked = try await BytesBench.run(scenario.restyled { style in
            var plain = style
            plain.modifiers.remove(.reverse)
            return plain
        }, naive: false)
        for (name, counts) in [("selection as a blue background", coloured), ("no selection highlight", unmarked)] {
            report.add("  what if \(name): scrolling / in-page move", counts.moveMedian(scrolled: true), unit: "/ \(Report.format(counts.moveMedian(scrolled: false))) B")
        }

        progress("input latency (\(options.latencyRounds) round(s))")
        let latency = try await LatencyBench.run(catalog: catalog, rounds: options.latencyRounds)
        let total = latency.keyToScreen
        results.inputLatencyP50 = total.median
        results.inputLatencyP99 = total.percentile(0.99)
        report.add("input_latency_ms p50", total.median, unit: "ms")
        report.add("input_latency_ms p99 (\(total.count) keys)", results.inputLatencyP99, unit: "ms", target: "< 2", met: results.inputLatencyP99 < 2)
        for (rank, key) in latency.slowest.enumerated() {
            report.add("  \(rank == 0 ? "slowest keys: " : "              ")\(key.step)", key.milliseconds, unit: "ms")
        }
        let arrival = latency.keyArrival
        report.add("  of which key arrival (pty, ncurses), p50 / p99", arrival.median, unit: "/ \(Report.format(arrival.percentile(0.99))) ms")
    }

    // MARK: Figures 4 and 6

    private mutating func processes(_ catalogs: GeneratedCatalogs) throws {
        let bench = ProcessBench(storefront: options.storefront)
        progress("start-up (\(options.startupRuns) runs)")
        let startup = try bench.startup(runs: options.startupRuns)
        results.startupMs = startup.median
        report.add("startup_ms", startup.median, unit: "ms", target: "< 50", met: startup.median < 50)
        report.add("  fastest of \(startup.count)", startup.values.first ?? 0, unit: "ms")
        let floor = try bench.command(["--help"], runs: options.catalogRuns)
        report.add("  floor: storefront --help, start to exit", floor.median, unit: "ms")

        progress("start-up to the list of 100000 products (\(options.listStartupRuns) runs)")
        let list = try bench.listStartup(
            catalog: try catalogs.file(productCount: 100_000),
            layout: try catalogs.allProductsLayout(productCount: 100_000), productCount: 100_000, runs: options.listStartupRuns
        )
        results.startup100kMs = list.median
        report.add("startup_100k_ms (to the list's first frame)", list.median, unit: "ms", target: "< 300", met: list.median < 300)
        report.add("startup_ms against issue 17's target", startup.median, unit: "ms", target: "< 25", met: startup.median < 25)

        progress("memory per customer, \(options.customers) side by side")
        let customer = try bench.customerMemory(count: options.customers)
        results.rssAnonMB = customer.rssAnon
        results.pssMB = customer.pss
        report.add("rss_anon_mb (default catalog)", customer.rssAnon, unit: "MB", target: "< 3", met: customer.rssAnon < 3)
        report.add("pss_mb (\(options.customers) side by side)", customer.pss, unit: "MB", target: "< 8", met: customer.pss < 8)
        report.add("  RSS of each", customer.rss, unit: "MB")

        progress("storefront catalog --json, 10000 products (\(options.catalogRuns) runs)")
        let catalog = try bench.command(["catalog", try catalogs.file(productCount: 10_000).path, "--json"], runs: options.catalogRuns)
        results.catalog10kMs = catalog.median
        report.add("catalog_10k_ms", catalog.median, unit: "ms", target: "< 300", met: catalog.median < 300)
        report.add("  fastest of \(catalog.count)", catalog.values.first ?? 0, unit: "ms")

        progress("peak memory, 100000 products shown")
        let megabytes = try bench.peakMemory(
            catalog: try catalogs.file(productCount: 100_000),
            layout: try catalogs.allProductsLayout(productCount: 100_000), productCount: 100_000
        )
        results.rssMB100k = megabytes
        report.add("rss_mb_100k (VmHWM)", megabytes, unit: "MB", target: "< 100", met: megabytes < 100)
        if options.memoryBreakdown {
            let loading = try bench.peakMemory(catalog: try catalogs.file(productCount: 100_000), layout: nil, productCount: 100_000)
            report.add("  catalog loaded, store list only (no products shown)", loading, unit: "MB")
        }
    }

    /// Start-up to the 100,000-product list and the peak RSS with it shown, taking turns
    /// `scaleRuns` times: `processes` takes the peak once, too few for a median on a shared
    /// machine.
    private mutating func scale(_ catalogs: GeneratedCatalogs) throws {
        let bench = ProcessBench(storefront: options.storefront)
        let catalog = try catalogs.file(productCount: 100_000)
        let layout = try catalogs.allProductsLayout(productCount: 100_000)
        var startups: [Double] = [], peaks: [Double] = [], loads: [Double] = []
        for run in 1...options.scaleRuns {
            progress("100000 products, run \(run) of \(options.scaleRuns): start-up, peak with the list, peak without")
            startups += try bench.listStartup(catalog: catalog, layout: layout, productCount: 100_000, runs: 1).values
            peaks.append(try bench.peakMemory(catalog: catalog, layout: layout, productCount: 100_000))
            loads.append(try bench.peakMemory(catalog: catalog, layout: nil, productCount: 100_000))
        }
        let startup = Samples(startups), peak = Samples(peaks), loaded = Samples(loads)
        report.add("startup_100k_ms (to the list's first frame)", startup.median, unit: "ms", target: "< 300", met: startup.median < 300)
        report.add("  fastest / slowest of \(startup.count)", startup.values.first ?? 0, unit: "/ \(Report.format(startup.values.last ?? 0)) ms")
        report.add("rss_mb_100k (VmHWM)", peak.median, unit: "MB", target: "< 100", met: peak.median < 100)
        report.add("  lowest / highest of \(peak.count)", peak.values.first ?? 0, unit: "/ \(Report.format(peak.values.last ?? 0)) MB")
        report.add("  catalog loaded, store list only (no products shown)", loaded.median, unit: "MB")
    }

    // MARK: Figure 5

    private mutating func ledger(_ folder: URL) async throws {
        let bench = LedgerBench(folder: folder)
        progress("ledger purchases (\(options.purchaseRuns) x \(options.purchases))")
        let purchases = try await bench.purchases(count: options.purchases, runs: options.purchaseRuns)
        results.purchasesPerSecond = purchases.median
        report.add("purchases_per_s", purchases.median, unit: "/s", target: ">= 500", met: purchases.median >= 500)

        progress("ledger verifications of \(LedgerBench.storedTransactions) (\(options.verificationRuns) runs)")
        let (cold, warm) = try await bench.verifications(runs: options.verificationRuns)
        results.verificationsPerSecond = cold.median
        report.add("verifications_per_s (cold)", cold.median, unit: "/s", target: ">= 20000", met: cold.median >= 20_000)
        report.add("  warm (signatures memoised)", warm.median, unit: "/s")
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let single = try await signatureCeiling(count: options.ceilingSignatures, tasks: 1)
        let parallel = try await signatureCeiling(count: options.ceilingSignatures, tasks: cores)
        report.add("  bare ES256 verify, 1 task / \(cores) tasks", single, unit: "/ \(Report.format(parallel)) /s")
    }

    // MARK: Figure 5b

    private mutating func engines(_ catalogs: GeneratedCatalogs) async throws {
        let folder = catalogs.folder
        let bench = EngineBench(folder: folder)
        let cluster = folder.appendingPathComponent("postgres").path
        try ChildProcess.run(".ci/postgres-cluster", ["start", cluster], outputPath: "/dev/null")
        defer { try? ChildProcess.run(".ci/postgres-cluster", ["stop", cluster], outputPath: "/dev/null") }
        for buyers in EngineBench.buyerCounts {
            progress("durable purchases, \(buyers) buyers at once (\(options.purchases) on each engine)")
            let sqlite = try await bench.sqlite(buyers: buyers, purchases: options.purchases)
            let postgres = try await bench.postgres(cluster: cluster, buyers: buyers, purchases: options.purchases)
            results.purchasesPerSecondByBuyers["sqlite", default: [:]][buyers] = sqlite
            results.purchasesPerSecondByBuyers["postgres", default: [:]][buyers] = postgres
            report.add("purchases_per_s, \(buyers) buyers, sqlite", sqlite, unit: "/s")
            let target = buyers == 16 ? ">= 1000" : ""
            report.add("  postgres", postgres, unit: "/s", target: target, met: buyers == 16 ? postgres >= 1_000 : nil)
        }
        // Figure 5c.
        progress("change feed: \(options.feedPurchases) purchases, each awaited on another storefront run's screen")
        let feed = try await ChangeFeedBench(folder: folder, storefront: options.storefront)
            .latencies(cluster: cluster, purchases: options.feedPurchases)
        results.changeFeedP50 = feed.median
        results.changeFeedP99 = feed.percentile(0.99)
        report.add("change_feed_ms p50 (postgres)", feed.median, unit: "ms")
        report.add("  p99", feed.percentile(0.99), unit: "ms", target: "< 100", met: feed.percentile(0.99) < 100)
    }

    // MARK: Issue 30

    private mutating func failover(_ folder: URL) async throws {
        let bench = FailoverBench(folder: folder, storefront: options.storefront)
        progress("purchases, \(FailoverBench.buyers) buyers over TCP, without and with a synchronous standby (\(options.purchases) each)")
        let rates = try await bench.purchaseRates(purchases: options.purchases)
        results.purchasesPerSecondAlone = rates.alone
        results.purchasesPerSecondSynchronous = rates.synchronous
        report.add("purchases_per_s, \(FailoverBench.buyers) buyers, postgres over TCP, no standby", rates.alone, unit: "/s")
        report.add("  with a synchronous standby", rates.synchronous, unit: "/s")
        progress("change feed across TLS (verify-full): \(options.feedPurchases) purchases")
        let feed = try await bench.changeFeedOverTLS(purchases: options.feedPurchases)
        results.changeFeedTLSP50 = feed.median
        results.changeFeedTLSP99 = feed.percentile(0.99)
        report.add("change_feed_ms p50 (postgres, TLS)", feed.median, unit: "ms")
        report.add("  p99", feed.percentile(0.99), unit: "ms", target: "< 100", met: feed.percentile(0.99) < 100)
        let failovers = try await bench.failoverTimes(runs: options.failoverRuns, progress: progress)
        results.failoverP50 = failovers.median
        results.failoverWorst = failovers.maximum
        report.add("failover_ms p50 (primary killed to a purchase succeeding)", failovers.median, unit: "ms")
        // Within the purchase's own retry (Ledger.reconnectTimeout), or purchases asked at the kill fail.
        report.add("  worst of \(failovers.count)", failovers.maximum, unit: "ms", target: "< 30000", met: failovers.maximum < 30_000)
    }

    // MARK: Issue 17's side-by-side table

    private mutating func peers(_ folder: URL) throws {
        let bench = try PeersBench(storefront: options.storefront, source: options.peersSource, folder: folder)
        let figures = try bench.run(runs: options.peerRuns, progress: progress)
        results.peers = figures
        peerTable = bench.table(figures)
    }
}
