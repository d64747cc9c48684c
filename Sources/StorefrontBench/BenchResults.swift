import Foundation

/// Every figure of one run, under the keys `bench/results.json` promises (issue 6, then
/// issue 17's: in-page bytes, start-up to a 100,000-product list, memory per customer).
struct BenchResults {
    var frameMs: [Int: Double] = [:]
    var frameScrolledMs: [Int: Double] = [:]
    var bytesPerMove = 0.0
    var bytesPerMoveInPage = 0.0
    var naiveBytesPerMove = 0.0
    var idleBytes = 0.0
    var inputLatencyP50 = 0.0
    var inputLatencyP99 = 0.0
    var startupMs = 0.0
    var startup100kMs = 0.0
    var catalog10kMs = 0.0
    var purchasesPerSecond = 0.0
    /// By engine ("sqlite", "postgres"), then by how many buyers at once.
    var purchasesPerSecondByBuyers: [String: [Int: Double]] = [:]
    /// Figure 5c: commit in one store to arrival in another's updates, on PostgreSQL.
    var changeFeedP50 = 0.0
    var changeFeedP99 = 0.0
    var verificationsPerSecond = 0.0
    var rssMB100k = 0.0
    var rssAnonMB = 0.0
    var pssMB = 0.0
    /// Issue 30: 16 buyers on a primary over TCP, alone and with a synchronous standby; the
    /// change feed across TLS; primary killed to the first purchase succeeding again.
    var purchasesPerSecondAlone = 0.0
    var purchasesPerSecondSynchronous = 0.0
    var changeFeedTLSP50 = 0.0
    var changeFeedTLSP99 = 0.0
    var failoverP50 = 0.0
    var failoverWorst = 0.0
    /// Issue 17's side-by-side table: program key, then N, then its figures.
    var peers: [String: [Int: PeersBench.Figures]] = [:]

    /// The results file: exactly the keys, in its order, numbers rounded to what
    /// the measurement can tell.
    func json(catalogSizes: [Int]) -> String {
        func number(_ value: Double) -> String {
            let rounded = (value * 1_000).rounded() / 1_000
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        func sizes(_ values: [Int: Double]) -> String {
            "{" + catalogSizes.map { "\"\($0)\":\(number(values[$0] ?? 0))" }.joined(separator: ",") + "}"
        }
        let members = [
            "\"frame_ms\":\(sizes(frameMs))",
            "\"frame_scrolled_ms\":\(sizes(frameScrolledMs))",
            "\"bytes_per_move\":\(number(bytesPerMove))",
            "\"bytes_per_move_in_page\":\(number(bytesPerMoveInPage))",
            "\"naive_bytes_per_move\":\(number(naiveBytesPerMove))",
            "\"idle_bytes\":\(number(idleBytes))",
            "\"input_latency_ms\":{\"p50\":\(number(inputLatencyP50)),\"p99\":\(number(inputLatencyP99))}",
            "\"startup_ms\":\(number(startupMs))",
            "\"startup_100k_ms\":\(number(startup100kMs))",
            "\"catalog_10k_ms\":\(number(catalog10kMs))",
            "\"purchases_per_s\":\(number(purchasesPerSecond))",
            "\"purchases_per_s_by_buyers\":{" + ["sqlite", "postgres"].map { engine in
                let rates = purchasesPerSecondByBuyers[engine] ?? [:]
                return "\"\(engine)\":{" + rates.keys.sorted().map { "\"\($0)\":\(number(rates[$0] ?? 0))" }
                    .joined(separator: ",") + "}"
            }.joined(separator: ",") + "}",
            "\"change_feed_ms\":{\"p50\":\(number(changeFeedP50)),\"p99\":\(number(changeFeedP99))}",
            "\"verifications_per_s\":\(number(verificationsPerSecond))",
            "\"rss_mb_100k\":\(number(rssMB100k))",
            "\"rss_anon_mb\":\(number(rssAnonMB))",
            "\"pss_mb\":\(number(pssMB))",
            "\"peers\":{" + peersJSON(number) + "\n  }",
            "\"purchases_per_s_standby\":{\"alone\":\(number(purchasesPerSecondAlone)),\"synchronous\":\(number(purchasesPerSecondSynchronous))}",
            "\"change_feed_tls_ms\":{\"p50\":\(number(changeFeedTLSP50)),\"p99\":\(number(changeFeedTLSP99))}",
            "\"failover_ms\":{\"p50\":\(number(failoverP50)),\"worst\":\(number(failoverWorst))}",
        ]
        return "{\n  " + members.joined(separator: ",\n  ") + "\n}\n"
    }

    /// `"storefront":{"64":{"startup_ms":55,...},...}`, a program to a line.
    private func peersJSON(_ number: (Double) -> String) -> String {
        peers.keys.sorted().map { (name: String) -> String in
            let sizes: [String] = PeersBench.sizes.compactMap { (count: Int) -> String? in
                guard let figures = peers[name]?[count] else { return nil }
                let members: [String] = [
                    "\"startup_ms\":" + number(figures.startupMs), "\"peak_rss_mb\":" + number(figures.peakRSSMB),
                    "\"bytes_per_move\":" + number(figures.bytesPerMove),
                    "\"bytes_per_move_in_page\":" + number(figures.bytesPerMoveInPage),
                ]
                return "\"\(count)\":{" + members.joined(separator: ",") + "}"
            }
            return "\n    \"\(name)\":{" + sizes.joined(separator: ",") + "}"
        }.joined(separator: ",")
    }
}
