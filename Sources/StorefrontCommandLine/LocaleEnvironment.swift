#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The locale variables (`LANG`, `LC_ALL` and the other categories) made safe before anything reads them.
///
/// ICU, under Foundation's locale and formatters, crashes on some values that are not
/// locales at all (`LANG=abcdefghijkl`: a segmentation fault in the first price
/// formatted), and an SSH customer chooses `LANG`. So each program checks them first and
/// replaces one that is not `language[_Script][_TERRITORY][.codeset][@modifier]` with
/// `en_US.UTF-8`: English, in UTF-8, dates and prices still in the storefront's own
/// formats. One warning on standard error names what was replaced.
///
/// ```swift
/// LocaleEnvironment.replaceUnusable()   // first thing in main()
/// ```
package enum LocaleEnvironment {
    /// What an unusable variable becomes.
    static let fallback = "en_US.UTF-8"

    /// Replaces every unusable locale variable of this process's environment with `fallback`
    /// and warns once on standard error when it did.
    package static func replaceUnusable() {
        let unusable = unusableVariables(ProcessInfo.processInfo.environment)
        guard !unusable.isEmpty else { return }
        for (name, _) in unusable { setenv(name, fallback, 1) }
        let named = unusable.map { "\($0.name)=\($0.value.debugDescription)" }.joined(separator: ", ")
        FileHandle.standardError.write(Data(
            "storefront: \(named) \(unusable.count == 1 ? "is not a locale" : "are not locales") such as ja_JP.UTF-8; using English (\(fallback)) instead\n".utf8
        ))
    }

    /// POSIX's and glibc's locale categories: not every `LC_` variable is one (iTerm2 sends
    /// `LC_TERMINAL=iTerm2` over SSH).
    static let variables: Set<String> = [
        "LANG", "LC_ALL", "LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE", "LC_MONETARY", "LC_MESSAGES",
        "LC_PAPER", "LC_NAME", "LC_ADDRESS", "LC_TELEPHONE", "LC_MEASUREMENT", "LC_IDENTIFICATION",
    ]

    /// The locale variables of `environment` whose values are not locales, sorted by name.
    static func unusableVariables(_ environment: [String: String]) -> [(name: String, value: String)] {
        environment
            .filter { variables.contains($0.key) && !$0.value.isEmpty && !isUsable($0.value) }
            .map { (name: $0.key, value: $0.value) }
            .sorted { $0.name < $1.name }
    }

    /// POSIX's `language[_territory][.codeset][@modifier]`, with an optional script
    /// (`zh_Hans_CN`), and "C" and "POSIX".
    static func isUsable(_ value: String) -> Bool {
        value.wholeMatch(of: pattern) != nil
    }

    nonisolated(unsafe) private static let pattern = try! Regex(
        #"(C|POSIX|[A-Za-z]{2,3}([_-][A-Za-z]{4})?([_-]([A-Za-z]{2}|[0-9]{3}))?)(\.[A-Za-z0-9_-]{1,20})?(@[A-Za-z0-9_-]{1,20})?"#
    )
}
