import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// The reliability suite takes minutes (10,000 fuzz inputs, 200 killed purchases, key
    /// storms) and the servers' probes load the machine on purpose (a 1000x1000 session,
    /// hundreds of idle sockets, hung webhooks), so they run in `make check`, which sets
    /// `RELIABILITY=1`, and `make test` skips them.
    public static var reliabilityRun: Self {
        .enabled(if: ProcessInfo.processInfo.environment["RELIABILITY"] == "1", "runs in make check (RELIABILITY=1)")
    }
}
