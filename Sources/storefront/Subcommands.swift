import ArgumentParser

extension StorefrontCommand {
    /// Every subcommand, in the order `--help` lists them. Add new commands here.
    static let subcommands: [any ParsableCommand.Type] = [
        RunCommand.self,
        CatalogCommand.self,
    ]
}
