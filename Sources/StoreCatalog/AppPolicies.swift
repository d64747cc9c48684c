import Foundation

/// The file's `appPolicies`: the license agreement and per-locale privacy policies that
/// SubscriptionStoreView links to.
///
/// ```swift
/// if let privacy = catalog.appPolicies.privacyPolicy(locale: "ja", fallbackLocale: nil)?.url {
///     print("Privacy Policy:", privacy)
/// }
/// ```
public struct AppPolicies: Sendable, Equatable {
    /// `eula`: a custom license agreement, or `""` for Apple's standard one.
    public var eula: String
    public var policies: [AppPolicy]

    public init(eula: String = "", policies: [AppPolicy] = []) {
        self.eula = eula
        self.policies = policies
    }

    /// The license agreement as a link, when `eula` is a single http(s) URL.
    public var eulaURL: URL? { webURL(eula) }

    /// The policy for `locale`, falling back like product names do; nil when no policy has a
    /// text or a URL.
    public func privacyPolicy(locale: String?, fallbackLocale: String?) -> AppPolicy? {
        LocaleFallback(requested: locale, catalogLocale: fallbackLocale)
            .firstEntry(in: policies, locale: \.locale) { !$0.policyText.isEmpty || !$0.policyURL.isEmpty }
    }
}

/// One entry of `appPolicies.policies`.
public struct AppPolicy: Sendable, Equatable {
    public var locale: String
    public var policyText: String
    public var policyURL: String

    public init(locale: String, policyText: String = "", policyURL: String = "") {
        self.locale = locale
        self.policyText = policyText
        self.policyURL = policyURL
    }

    /// `policyURL` when it is an http(s) link.
    public var url: URL? { webURL(policyURL) }
}

private func webURL(_ text: String) -> URL? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
          scheme == "https" || scheme == "http", url.host != nil
    else { return nil }
    return url
}
