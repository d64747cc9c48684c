import Foundation
import LocalStore
import Synchronization
import TerminalCore

/// How many requests one API key may make in a window, such as `100/1s` or `3600/1h`.
///
/// ```swift
/// let limit = try RateLimit(parsing: "50/1m")   // 50 a minute per key
/// ```
public struct RateLimit: Sendable, Hashable, CustomStringConvertible {
    public let requests: Int
    public let window: TimeInterval

    public init(requests: Int, window: TimeInterval) {
        self.requests = requests
        self.window = window
    }

    /// `N/DURATION`, the duration a count and a unit, s, m or h (`DurationText`); a unit
    /// alone is one of it.
    public init(parsing text: String) throws(APIKeyError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let failure = APIKeyError(reason: "\"\(text)\" is not a rate limit like 100/1s, 50/1m or 3600/1h")
        guard parts.count == 2, let requests = Int(parts[0]), requests > 0 else { throw failure }
        let amount = parts[1].first?.isLetter == true ? "1" + parts[1] : String(parts[1])
        guard let window = DurationText.parse(amount, units: [.seconds, .minutes, .hours]), window > .zero else { throw failure }
        self.init(requests: requests, window: window / .seconds(1))
    }

    /// As `init(parsing:)` reads it: `100/1s`, `50/1m`, `3600/1h`.
    public var description: String {
        let unit = [(3600.0, "h"), (60.0, "m")].first { window >= $0.0 && window.truncatingRemainder(dividingBy: $0.0) == 0 } ?? (1, "s")
        let count = window / unit.0
        return "\(requests)/\(count == count.rounded() ? String(Int(count)) : String(count))\(unit.1)"
    }
}

/// One token bucket per API key: a key may burst up to `limit.requests`, refilled evenly
/// over `limit.window`.
///
/// ```swift
/// let limiter = RateLimiter(limit: RateLimit(requests: 2, window: 60))
/// limiter.admit(keyID: "K", at: now)   // true, true, then false until tokens refill
/// ```
public final class RateLimiter: Sendable {
    public let limit: RateLimit
    private let buckets = Mutex<[String: (tokens: Double, at: Date)]>([:])

    public init(limit: RateLimit) {
        self.limit = limit
    }

    /// Takes one request from `keyID`'s bucket; false when it is empty.
    public func admit(keyID: String, at now: Date) -> Bool {
        let capacity = Double(limit.requests)
        let rate = capacity / limit.window
        return buckets.withLock { buckets in
            var bucket = buckets[keyID] ?? (capacity, now)
            bucket.tokens = min(capacity, bucket.tokens + max(0, now.timeIntervalSince(bucket.at)) * rate)
            bucket.at = now
            defer { buckets[keyID] = bucket }
            guard bucket.tokens >= 1 else { return false }
            bucket.tokens -= 1
            return true
        }
    }
}
