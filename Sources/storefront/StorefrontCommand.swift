import ArgumentParser
import CursesBackend
import StorefrontCommandLine

/// The `storefront` tool. With no subcommand it runs the storefront (`storefront run`,
/// put first by `implyingRun`).
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
        discussion: "With no command, or options first (storefront --catalog tipjar), it runs the storefront: storefront run.",
        version: StorefrontVersion.description,
        subcommands: subcommands
    )

    /// `serve` becomes `storefront-serve` before anything is parsed (`ServeLauncher`); every
    /// other command runs here.
    static func main() async {
        ServeLauncher.execIfAsked(CommandLine.arguments)
        tuneMallocForOneCatalog()
        let words = implyingRun(Array(CommandLine.arguments.dropFirst()))
        await runReportingFailures(arguments: RenewCommand.readingBareFail(words))
    }
}
