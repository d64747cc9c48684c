import Foundation
import TerminalCore

/// The one choice of the customer's language, which the interface's words, product names,
/// a generated layout's shops and the policy links all follow: `--locale`, else the
/// environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`), else (nil) the catalog's `_locale`.
///
/// ```swift
/// CustomerLocale.chosen(nil, environment: ["LANG": "ja_JP.UTF-8"])     // "ja_JP"
/// CustomerLocale.chosen("zh_Hans", environment: ["LANG": "ja_JP.UTF-8"])  // "zh_Hans"
/// CustomerLocale.chosen(nil, environment: ["LANG": "C.UTF-8"])         // nil
/// ```
package enum CustomerLocale {
    /// The locale chosen by `locale` (the command line's) or the environment; the
    /// environment's codeset and modifier (`.UTF-8`, `@euro`) are left out, as no catalog
    /// names a localization with them.
    package static func chosen(_ locale: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let locale { return locale }
        return EnvironmentLocale.messages(in: environment).map { String($0.prefix { $0 != "." && $0 != "@" }) }
    }
}
