import Foundation

/// Where "Terms of Service" and "Privacy Policy" lead.
///
/// ```swift
/// let links = PolicyLinks(catalog.appPolicies, locale: "en_GB")
/// links.privacyPolicy?.absoluteString  // "https://example.com/privacy"
/// ```
public struct PolicyLinks: Sendable, Hashable {
    public var termsOfService: URL?
    public var privacyPolicy: URL?

    public init(termsOfService: URL? = nil, privacyPolicy: URL? = nil) {
        self.termsOfService = termsOfService
        self.privacyPolicy = privacyPolicy
    }

    /// The link for `policy`.
    public subscript(policy: SubscriptionStorePolicyKind) -> URL? {
        switch policy {
        case .termsOfService: termsOfService
        case .privacyPolicy: privacyPolicy
        }
    }
}
