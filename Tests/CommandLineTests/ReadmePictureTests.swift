import Foundation
import StorefrontTestSupport
import Testing

/// The pictures README.md shows, Resources/Pictures/<tape>.<Snapshot>.svg (`make pictures`):
/// each is what `storefront demo` draws today for that Snapshot of that tape, so a change to
/// the screens or the pictures cannot leave them stale; and each one the README names is there.
@Suite("README pictures")
struct ReadmePictureTests {
    static let folder = PackagePaths.resources.appendingPathComponent("Pictures")

    static var pictures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".svg") }.sorted()
    }

    @Test func thereAreTwo() {
        #expect(Self.pictures.count == 2, "\(Self.pictures)")
    }

    @Test(arguments: pictures)
    func isWhatTheTapeDrawsToday(_ picture: String) async throws {
        let parts = picture.dropLast(4).split(separator: ".", maxSplits: 1).map(String.init)
        try #require(parts.count == 2, "\(picture): name it <tape>.<Snapshot>.svg")
        let drawn = try TemporaryDirectory()
        let tape = PackagePaths.demos.appendingPathComponent("\(parts[0]).tape").path
        let output = try await StorefrontCommand.run(["demo", tape, "--svg", drawn.url.path], environment: ["NO_COLOR": nil])  // as make demo
        #expect(output.status == 0, "\(output.stderr)")
        let today = try String(contentsOf: drawn.url.appendingPathComponent("\(parts[1]).svg"), encoding: .utf8)
        let committed = try String(contentsOf: Self.folder.appendingPathComponent(picture), encoding: .utf8)
        #expect(today == committed, "\(picture) is stale: run make pictures and commit it")
    }

    @Test func theReadmeShowsEachAndEachItShowsIsThere() throws {
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = readme.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "](Resources/Pictures/"), let end = line[start.upperBound...].firstIndex(of: ")") else { return nil }
            return String(line[start.upperBound..<end])
        }
        #expect(shown.sorted() == Self.pictures)
    }
}
