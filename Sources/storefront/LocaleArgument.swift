import ArgumentParser
import Foundation

/// Checks a `--locale` value before anything runs. Names fall back along the catalog's
/// localizations whatever is asked, so a mistyped locale ("jp" for Japanese, "English")
/// would otherwise show the default names without a word.
///
/// ```swift
/// try LocaleArgument.validate("ja_JP")  // fine
/// try LocaleArgument.validate("jp")     // ValidationError: --locale "jp" is not a locale…
/// ```
enum LocaleArgument {
    static func validate(_ identifier: String?) throws {
        guard let identifier else { return }
        let locale = Locale(identifier: identifier)
        let knownLanguage = locale.language.languageCode?.isISOLanguage ?? false
        let knownRegion = locale.region?.isISORegion ?? true
        guard knownLanguage, knownRegion else {
            throw ValidationError(
                "--locale \"\(identifier)\" is not a locale: use an ISO language code, with a script or region if you like, e.g. ja, ja_JP, en_GB or zh_Hans."
            )
        }
    }
}
