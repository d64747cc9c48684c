import Foundation
import StoreCatalog

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

    /// The links a catalog's `appPolicies` give: its license agreement URL and the
    /// privacy policy for `locale` (falling back like product names do).
    public init(_ policies: AppPolicies, locale: String?, fallbackLocale: String? = nil) {
        self.init(
            termsOfService: policies.eulaURL,
            privacyPolicy: policies.privacyPolicy(locale: locale, fallbackLocale: fallbackLocale)?.url
        )
    }

    /// The link for `policy`.
    public subscript(policy: SubscriptionStorePolicyKind) -> URL? {
        switch policy {
        case .termsOfService: termsOfService
        case .privacyPolicy: privacyPolicy
        }
    }
}
