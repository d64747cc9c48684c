import NIOCore

extension Duration {
    /// As the options spell it, for messages: `90s`, `10m`, `1h`, `1h30m`.
    var spoken: String {
        let seconds = components.seconds
        if seconds == 0 { return "\(components.attoseconds / 1_000_000_000_000_000)ms" }
        let (hours, minutes, rest) = (seconds / 3600, seconds % 3600 / 60, seconds % 60)
        var words = ""
        if hours > 0 { words += "\(hours)h" }
        if minutes > 0 { words += "\(minutes)m" }
        if rest > 0 || words.isEmpty { words += "\(rest)s" }
        return words
    }

    /// NIO's spelling of the same time.
    var timeAmount: TimeAmount {
        .nanoseconds(components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000)
    }
}
