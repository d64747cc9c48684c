import ArgumentParser

/// `storefront run`: the interactive storefront, the default subcommand.
///
/// A placeholder until the terminal UI lands: it loads the catalog it would open, so a bad
/// `--catalog` is reported now, then says the storefront is not available yet.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the storefront in the terminal."
    )

    @OptionGroup var catalogOption: CatalogOption

    func run() throws {
        let catalog = try catalogOption.load()
        printError("the terminal storefront is not available yet (\(catalog.products.count) products loaded)")
        throw ExitCode(69)  // EX_UNAVAILABLE
    }
}
