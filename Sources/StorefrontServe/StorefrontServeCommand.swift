import ArgumentParser
import StorefrontCommandLine

/// `storefront-serve`: the program `storefront serve …` becomes (`ServeLauncher` execs it
/// with the same arguments, `serve` first), so the servers' libraries are linked here and
/// never into `storefront`, which every customer's session runs. It is named `storefront`
/// so usage and help read as they always have.
///
/// ```
/// storefront serve --ssh 2222 --catalog tipjar     # runs: storefront-serve serve --ssh 2222 --catalog tipjar
/// ```
@main
struct StorefrontServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storefront",
        abstract: "The servers of `storefront serve`, which runs this program.",
        version: StorefrontVersion.description,
        subcommands: [ServeCommand.self]
    )

    static func main() async {
        await runReportingFailures()
    }
}
