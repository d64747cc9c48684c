import ArgumentParser

extension StorefrontCommand {
    /// The words a root command reads itself: help, the version, completion scripts and the
    /// completion calls those scripts make.
    private static let rootWords: Set<String> = ["-h", "--help", "help", "--version"]
    private static let rootPrefixes = ["--generate-completion-script", "--experimental-dump-help", "---completion"]

    /// The command line's words with `run` put first when no command is named (nothing, or
    /// options such as `--catalog tipjar`): `run` is the default command.
    ///
    /// Done here rather than as ArgumentParser's `defaultSubcommand`, which builds and, in a
    /// debug build, checks `run`'s whole definition by reflection on every parse of every
    /// command: a fifth of each debug `storefront` process's CPU, a thousand of them in `make
    /// test` (BENCHMARKS.md, "Newcomer time").
    ///
    /// ```swift
    /// StorefrontCommand.implyingRun(["--catalog", "tipjar"])  // ["run", "--catalog", "tipjar"]
    /// StorefrontCommand.implyingRun(["buy", "tip"])           // ["buy", "tip"]
    /// ```
    static func implyingRun(_ words: [String]) -> [String] {
        guard let first = words.first else { return [RunCommand._commandName] }
        let named = subcommands.contains { $0._commandName == first || $0.configuration.aliases.contains(first) }
        if named || rootWords.contains(first) || rootPrefixes.contains(where: first.hasPrefix) { return words }
        return [RunCommand._commandName] + words
    }
}
