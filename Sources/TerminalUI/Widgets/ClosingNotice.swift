/// The store's word that it is closing (`serve --ssh` stopping): the seconds left, counted
/// down on the bottom row over whatever is there, worded for a customer who is buying
/// ("Please finish your purchase.") or just looking. Drawn by the app, in the customer's
/// language, when the server signals it (`runStoreApp` on SIGUSR1).
///
/// ```swift
/// let notice = ClosingNotice(closingIn: .seconds(10), from: clock.now)
/// notice.text(at: clock.now + .seconds(1.2), buying: false, language: language)
/// // "The store is closing in 9s."
/// ```
public struct ClosingNotice: Sendable, Equatable {
    /// When the store closes.
    public let deadline: ContinuousClock.Instant

    public init(closingIn time: Duration, from now: ContinuousClock.Instant) {
        deadline = now + time
    }

    /// The whole seconds left, rounded up (10 right after the word, 1 in the last second), at least 0.
    public func secondsLeft(at now: ContinuousClock.Instant) -> Int {
        let left = deadline - now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }

    /// The notice as it reads at `now`.
    public func text(at now: ContinuousClock.Instant, buying: Bool, language: InterfaceLanguage) -> String {
        let seconds = String(secondsLeft(at: now))
        return buying
            ? language.text("The store is closing in %llds. Please finish your purchase.", seconds)
            : language.text("The store is closing in %llds.", seconds)
    }

    /// Writes the notice over `buffer`'s bottom row, in reverse video, as the help bar is.
    public func draw(on buffer: inout Buffer, at now: ContinuousClock.Instant, buying: Bool, language: InterfaceLanguage) {
        let row = Rect(x: 0, y: buffer.height - 1, width: buffer.width, height: 1)
        buffer.fill(row, style: Style(.reverse))
        buffer.write(" " + text(at: now, buying: buying, language: language), x: 0, y: row.y, style: Style(.reverse))
    }

    /// What the customer reads once the store has closed their session.
    public static func farewell(in language: InterfaceLanguage) -> String {
        language.text("The store has closed. Thank you for shopping!")
    }
}
