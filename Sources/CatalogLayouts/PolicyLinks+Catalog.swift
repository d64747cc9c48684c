import StoreCatalog
import TerminalUI

extension PolicyLinks {
    /// The links a catalog's `appPolicies` give: its license agreement URL and the
    /// privacy policy for `locale` (falling back like product names do).
    ///
    /// ```swift
    /// let links = PolicyLinks(catalog.appPolicies, locale: "en_GB")
    /// ```
    public init(_ policies: AppPolicies, locale: String?, fallbackLocale: String? = nil) {
        self.init(
            termsOfService: policies.eulaURL,
            privacyPolicy: policies.privacyPolicy(locale: locale, fallbackLocale: fallbackLocale)?.url
        )
    }
}
