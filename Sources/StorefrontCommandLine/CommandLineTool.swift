import ArgumentParser

extension AsyncParsableCommand {
    /// Parses and runs the command line as `AsyncParsableCommand.main()` does, and is the one
    /// place a `CommandFailure` is reported: one line on standard error, then its exit code.
    /// ArgumentParser reports everything else (usage errors with the usage, help).
    ///
    /// ```swift
    /// @main struct Tool: AsyncParsableCommand {
    ///     static func main() async { await runReportingFailures() }
    /// }
    /// ```
    package static func runReportingFailures() async {
        // Before anything formats a price or a date: ICU crashes on some values of LANG.
        LocaleEnvironment.replaceUnusable()
        do {
            var command = try await asyncParseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            failure.report()
            exit(withError: failure.exitCode)
        } catch {
            exit(withError: error)
        }
    }
}
