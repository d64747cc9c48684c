import ArgumentParser
import Foundation
import StorefrontCommandLine

/// `storefront serve …` (and `storefront help serve`): this process becomes
/// `storefront-serve` with the same arguments, so its process ID, signals and exit code are
/// the server's own. `storefront` itself never links the servers: every customer's
/// `storefront run` would map them.
///
/// It stands in the subcommand list only so `storefront --help` names `serve`; its options
/// and subcommands are `storefront-serve`'s, which prints their help.
struct ServeLauncher: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: SiblingExecutable.serveAbstract)

    /// Replaces this process with `storefront-serve` when `arguments` (a whole command line,
    /// the program first) ask for `serve` or its help; returns when they do not. When it
    /// cannot, says why and exits with 69.
    static func execIfAsked(_ arguments: [String]) {
        let words = arguments.dropFirst()
        guard words.first == "serve" || words.prefix(2) == ["help", "serve"] else { return }
        let failure: CommandFailure
        do throws(CommandFailure) {
            let path = try SiblingExecutable.serve.path(for: "storefront serve")
            execv(path, ([path] + words).map { strdup($0) } + [nil])
            failure = CommandFailure("cannot run \(path): \(String(cString: strerror(errno)))", exitCode: .unavailable)
        } catch {
            failure = error
        }
        failure.report()
        exit(withError: ExitCode(failure.exitCode))
    }
}
