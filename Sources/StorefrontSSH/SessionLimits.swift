/// How many sessions the server holds at once, in all and per key, and the rule that
/// admits one more: a pure value, so the limits are tested without a socket.
///
/// ```swift
/// var limits = SessionLimits(total: 64, perKey: 4)
/// limits.admit("SHA256:ada")    // nil: admitted
/// limits.release("SHA256:ada")
/// ```
public struct SessionLimits: Sendable, Equatable {
    public var total: Int
    public var perKey: Int
    private(set) var open: [String: Int] = [:]

    public init(total: Int, perKey: Int) {
        self.total = total
        self.perKey = perKey
    }

    /// How many sessions are open.
    public var count: Int { open.values.reduce(0, +) }

    /// Counts a new session for `account`, or says why it cannot open.
    public mutating func admit(_ account: String) -> String? {
        if count >= total {
            return "The store is full (\(Self.sessions(total))). Please try again in a few minutes."
        }
        if open[account, default: 0] >= perKey {
            return "Your key already has \(Self.sessions(perKey)) open here. Close one and try again."
        }
        open[account, default: 0] += 1
        return nil
    }

    /// "1 session", "4 sessions".
    private static func sessions(_ count: Int) -> String {
        count == 1 ? "1 session" : "\(count) sessions"
    }

    public mutating func release(_ account: String) {
        guard let sessions = open[account] else { return }
        open[account] = sessions > 1 ? sessions - 1 : nil
    }
}
