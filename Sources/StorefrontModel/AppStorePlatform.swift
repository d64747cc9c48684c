/// StoreKit's `AppStore` namespace: what belongs to the store rather than to one product.
public enum AppStore {
    /// An Apple platform an app is bought on, as `AppTransaction.originalPlatform` names it;
    /// the raw value is how Apple's server payloads spell it.
    ///
    /// ```swift
    /// let platform = AppStore.Platform(rawValue: "visionOS")  // .visionOS
    /// ```
    public enum Platform: String, CaseIterable, Hashable, Sendable, Codable {
        case iOS
        case macOS
        case tvOS
        case visionOS
    }
}
