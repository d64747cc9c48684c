/// The store options written back as arguments, for another command to parse into the same
/// options: `serve` starts every session's `storefront` with them.
extension StoreOptions {
    /// Every option given, as the user wrote its value, less `--store`: a PostgreSQL URL may
    /// carry a password, and anyone can read a process's arguments with `ps` (`serve` hands
    /// it on in the environment instead).
    ///
    /// ```swift
    /// // storefront serve --ssh 2222 --catalog tipjar --latency 300ms-800ms --ask-to-buy
    /// storeOptions.arguments  // ["--catalog", "tipjar", "--latency", "300ms-800ms", "--ask-to-buy"]
    /// ```
    package var arguments: [String] {
        var arguments = ["--catalog", catalogOption.catalog]
        func add(_ name: String, _ value: String?) {
            if let value { arguments += [name, value] }
        }
        add("--ledger", ledger)
        if inMemory { arguments.append("--in-memory") }
        add("--store-key", storeKey)
        add("--account", account?.argument)
        add("--latency", latency?.argument)
        for failure in failures { add("--fail", failure.argument) }
        if askToBuy { arguments.append("--ask-to-buy") }
        add("--locale", locale)
        add("--storefront", storefront?.argument)
        add("--original-app-version", originalAppVersion)
        add("--offer-codes", offerCodes)
        add("--bundle-id", bundleID)
        add("--api-keys", apiKeys)
        if billingRetry { arguments.append("--billing-retry") }
        if billingGracePeriod { arguments.append("--billing-grace-period") }
        return arguments
    }
}
