import ArgumentParser
import Foundation

/// Checks a locale a person typed, as `--locale` or a tape's `Set locale`, before anything
/// runs. Names fall back along the catalog's localizations whatever is asked, so a mistyped
/// locale ("jp" for Japanese, "English") would otherwise show the default names without a word.
///
/// ```swift
/// LocaleArgument.isKnown("ja_JP")       // true
/// LocaleArgument.isKnown("jp")          // false
/// try LocaleArgument.validate("jp")     // ValidationError: --locale "jp" is not a locale: …
/// ```
package enum LocaleArgument {
    /// What a locale should look like, for messages.
    package static let expectation = "use an ISO language code, with a script or region if you like, e.g. ja, ja_JP, en_GB or zh_Hans"

    /// Whether `identifier`'s language is an ISO 639 code and its region, if any, an ISO 3166 one.
    package static func isKnown(_ identifier: String) -> Bool {
        let locale = Locale(identifier: identifier)
        let knownLanguage = locale.language.languageCode?.isISOLanguage ?? false
        let knownRegion = locale.region?.isISORegion ?? true
        return knownLanguage && knownRegion
    }

    /// `--locale`'s check, for `validate()` of a command's options.
    package static func validate(_ identifier: String?) throws {
        guard let identifier, !isKnown(identifier) else { return }
        throw ValidationError("--locale \"\(identifier)\" is not a locale: \(expectation).")
    }
}
