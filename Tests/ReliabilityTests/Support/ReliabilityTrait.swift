import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// The reliability suite takes minutes (10,000 fuzz inputs, 200 killed purchases, key
    /// storms), so it runs in `make check`, which sets `RELIABILITY=1`, and `make test` skips it.
    static var reliabilityRun: Self {
        .enabled(if: ProcessInfo.processInfo.environment["RELIABILITY"] == "1", "runs in make check (RELIABILITY=1)")
    }
}
