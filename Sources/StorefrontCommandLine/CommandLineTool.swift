import ArgumentParser

extension AsyncParsableCommand {
    /// Parses and runs the command line as `AsyncParsableCommand.main()` does, and is the one
    /// place a failure is reported: an `ExitCodeError` (the store's, the catalog's, a
    /// command's own) and a bad command line alike as one line on standard error,
    /// `storefront: …`, then the sysexits code. ArgumentParser reports the rest (help, version).
    ///
    /// `arguments` are the words after the program's name (the process's own by default).
    ///
    /// ```swift
    /// @main struct Tool: AsyncParsableCommand {
    ///     static func main() async { await runReportingFailures() }
    /// }
    /// ```
    package static func runReportingFailures(arguments: [String]? = nil) async {
        // Before anything formats a price or a date: ICU crashes on some values of LANG.
        LocaleEnvironment.replaceUnusable()
        do {
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as any ExitCodeError {
            failure.report()
            exit(withError: ExitCode(failure.exitCode))
        } catch where exitCode(for: error) == .usage && !message(for: error).isEmpty {
            // A bad option or value, whether ArgumentParser or a `validate()` refused it: the
            // same one line as every other failure; instead of the usage, where to find it.
            CommandFailure(message(for: error) + helpPointer(for: error), exitCode: .usage).report()
            exit(withError: ExitCode.usage)
        } catch {
            exit(withError: error)
        }
    }

    /// " (see 'storefront buy --help')": the help of the command that refused, as ArgumentParser's
    /// full message names it; empty if it names none.
    private static func helpPointer(for error: any Error) -> String {
        let full = fullMessage(for: error)
        guard let start = full.range(of: "See '"), let end = full[start.upperBound...].range(of: " --help'") else { return "" }
        return " (see '\(full[start.upperBound..<end.upperBound]))"
    }
}
