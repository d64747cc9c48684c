import ArgumentParser
import StorefrontCommandLine

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
        version: StorefrontVersion.description,
        subcommands: subcommands,
        defaultSubcommand: RunCommand.self
    )

    /// `serve` becomes `storefront-serve` before anything is parsed (`ServeLauncher`); every
    /// other command runs here.
    static func main() async {
        ServeLauncher.execIfAsked(CommandLine.arguments)
        await runReportingFailures(arguments: RenewCommand.readingBareFail(Array(CommandLine.arguments.dropFirst())))
    }
}
