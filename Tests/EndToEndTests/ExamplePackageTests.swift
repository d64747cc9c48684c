import Foundation
import StorefrontTestSupport
import Testing

/// Examples/ShopSnapshots, the README's StorefrontTesting example as a package that depends
/// on this one by path: the README shows its test file as it is, and its tests pass against
/// the recordings it keeps. (It builds in .build/examples: a package of its own, its own build,
/// which compiles the dependencies again; so that part runs in `make check`, and `make test` runs
/// the same test file against this build as the ShopSnapshotsTests target.)
@Suite("The README's example package")
struct ExamplePackageTests {
    static let example = PackagePaths.root.appendingPathComponent("Examples/ShopSnapshots")
    static let testFile = example.appendingPathComponent("Tests/ShopSnapshotsTests/BirdFoodTests.swift")

    @Test func theReadmeShowsItsTestFileAsItIs() throws {
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```\n")[0] + "\n" }
        let shown = try #require(blocks.first { $0.contains("import StorefrontTesting") }, "no Swift example of StorefrontTesting in README.md")
        #expect(shown == (try String(contentsOf: Self.testFile, encoding: .utf8)))
    }

    @Test(.reliabilityRun) func itsTestsPass() async throws {
        let swift = try #require(ChildProcess.find("swift"), "swift is not on PATH")
        let scratch = PackagePaths.root.appendingPathComponent(".build/examples/ShopSnapshots")
        let result = try await ChildProcess.run(
            swift, ["test", "--package-path", Self.example.path, "--scratch-path", scratch.path, "--disable-build-manifest-caching"],
            // A new source file in this package must be seen: no cached build manifest.
            timeout: .seconds(20 * 60)  // the first build compiles this package and its dependencies again
        )
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("Test birdFood() passed"), "\(result.stdout)")
    }
}
