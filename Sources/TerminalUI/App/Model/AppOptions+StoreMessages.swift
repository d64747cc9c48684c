import StorefrontModel

extension AppOptions {
    /// Decides what happens to each message the App Store sends as the store opens (a
    /// win-back offer, say): `.show` it as a sheet now, `.defer` it until the customer next
    /// comes back to the store list, or `.suppress` it. Like StoreKit's `Message` API, where
    /// an app that merchandises its own win-back offers keeps StoreKit's sheet away.
    ///
    /// ```swift
    /// let options = AppOptions().onStoreMessage { message in
    ///     message.reason == .winBackOffer ? .defer : .show
    /// }
    /// ```
    public func onStoreMessage(_ action: @escaping @Sendable (Message) -> Message.Disposition) -> AppOptions {
        var copy = self
        copy.storeMessageAction = action
        return copy
    }

    /// StoreKit's `storeMessagesDeferred(_:)`: true keeps every message until later.
    public func storeMessagesDeferred(_ deferred: Bool) -> AppOptions {
        onStoreMessage { _ in deferred ? .defer : .show }
    }

    /// What the app does with `message`.
    func disposition(of message: Message) -> Message.Disposition {
        storeMessageAction?(message) ?? .show
    }
}
