/// The locale the environment asks messages in, by POSIX's order: `LC_ALL`, then
/// `LC_MESSAGES`, then `LANG`; nil when none is set or it is the "C" or "POSIX" locale,
/// which name no language. The interface's language and the catalog's localization are both
/// chosen from it, by the app and by the command line that serves sessions.
///
/// ```swift
/// EnvironmentLocale.messages(in: ["LANG": "ja_JP.UTF-8"])  // "ja_JP.UTF-8"
/// EnvironmentLocale.messages(in: ["LANG": "C.UTF-8"])      // nil
/// ```
public enum EnvironmentLocale {
    public static func messages(in environment: [String: String]) -> String? {
        let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let value else { return nil }
        let language = value.prefix { $0 != "." && $0 != "@" }
        return language == "C" || language == "POSIX" ? nil : value
    }
}
