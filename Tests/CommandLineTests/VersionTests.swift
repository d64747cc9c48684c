import Foundation
import StorefrontTestSupport
import Testing

/// `--version` names the package version and the commit the programs were built from, so a
/// bug report says exactly what ran.
@Suite struct VersionTests {
    @Test func bothProgramsNameTheVersionAndTheCommitBuilt() async throws {
        let git = try #require(ChildProcess.find("git"), "git is needed")
        let head = try await ChildProcess.run(git, ["-C", PackagePaths.root.path, "rev-parse", "--short=12", "HEAD"])
        try #require(head.status == 0, "not a git checkout: \(head.stderr)")
        let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let storefront = try await StorefrontCommand.run(["--version"])
        #expect(storefront.status == 0)
        #expect(storefront.stdout == "0.3.0 (\(commit))\n")
        let serve = try await StorefrontCommand.run(["serve", "--version"])
        #expect(serve.stdout == storefront.stdout)
    }
}
