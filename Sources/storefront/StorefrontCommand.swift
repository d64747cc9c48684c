import ArgumentParser

/// The `storefront` tool. With no subcommand it runs the storefront (`storefront run`).
///
/// ```
/// storefront catalog cheers --json
/// storefront run --catalog tipjar
/// ```
@main
struct StorefrontCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storefront",
        abstract: "A terminal storefront for in-app purchases, backed by Xcode StoreKit configuration files.",
        subcommands: subcommands,
        defaultSubcommand: RunCommand.self
    )

    /// Parses and runs the command as `AsyncParsableCommand.main()` does, and is the one
    /// place a `CommandFailure` is reported: one line on standard error, then its exit code.
    /// ArgumentParser reports everything else (usage errors with the usage, help).
    static func main() async {
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
