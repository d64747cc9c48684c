import Foundation
import StorefrontTestSupport
import Testing

/// `storefront snapshot --shots FILE --record DIR | --check DIR`, run as a real process.
@Suite("storefront snapshot --shots")
struct ShotsCommandTests {
    /// A folder with the tip jar catalog as Tips.storekit and a shots file beside it.
    struct Shop {
        let folder: TemporaryDirectory
        var shots: String { folder.url.appendingPathComponent("shots").path }
        var recordings: String { folder.url.appendingPathComponent("Snapshots").path }
        var catalog: URL { folder.url.appendingPathComponent("Tips.storekit") }

        init() throws {
            folder = try TemporaryDirectory()
            try FileManager.default.copyItem(at: PackagePaths.catalog("TipJar"), to: catalog)
            try """
                # the tip jar, and Backyard Birds' purchase history (dates!)
                tips       60x16  catalog=Tips.storekit enter
                purchases  80x24  down enter enter y enter esc up enter down down down down enter y enter esc end enter
                """.write(toFile: shots, atomically: true, encoding: .utf8)
        }

        func run(_ mode: String, timeZone: String = "UTC") async throws -> ChildProcess.Output {
            try await StorefrontCommand.run(
                ["snapshot", "--shots", shots, mode, recordings], environment: ["TZ": timeZone, "NO_COLOR": nil, "TERM": nil]
            )
        }
    }

    @Test("--record writes NAME.txt as --styles prints it; --check passes, in another time zone too")
    func recordThenCheck() async throws {
        let shop = try Shop()
        let recorded = try await shop.run("--record")
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let purchases = try String(contentsOfFile: shop.recordings + "/purchases.txt", encoding: .utf8)
        #expect(purchases.contains("01/01/2026, 12:00 AM"), "\(purchases)")
        let direct = try await StorefrontCommand.run(
            ["snapshot", "--size", "80x24", "--styles", "--keys", "down enter enter y enter esc up enter down down down down enter y enter esc end enter"],
            environment: ["NO_COLOR": nil, "TERM": nil]
        )
        #expect(purchases == direct.stdout)

        let checked = try await shop.run("--check", timeZone: "Pacific/Kiritimati")
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout == "2 shots match \(shop.recordings)\n")
    }

    @Test("--check prints a unified diff of a changed price and exits 1")
    func changedPrice() async throws {
        let shop = try Shop()
        _ = try await shop.run("--record")
        let catalog = try String(contentsOf: shop.catalog, encoding: .utf8)
        let changed = catalog.replacingOccurrences(of: "\"displayPrice\" : \"0.99\"", with: "\"displayPrice\" : \"0.98\"")
        #expect(changed != catalog)
        try changed.write(to: shop.catalog, atomically: true, encoding: .utf8)

        let checked = try await shop.run("--check")
        #expect(checked.status == 1)
        #expect(checked.stdoutLines.prefix(2) == ["--- \(shop.recordings)/tips.txt", "+++ tips (now)"])
        #expect(checked.stdoutLines.contains { $0.hasPrefix("-") && $0.contains("0.99") })
        #expect(checked.stdoutLines.contains { $0.hasPrefix("+") && $0.contains("0.98") })
        #expect(checked.stdoutLines.filter { $0.hasPrefix("@@") }.count == 1)
        #expect(checked.stderr == "storefront: tips differs from \(shop.recordings)\n")
    }

    @Test("--check catches a changed style: the run's line, removed and added")
    func changedStyle() async throws {
        let shop = try Shop()
        _ = try await shop.run("--record")
        let path = shop.recordings + "/tips.txt"
        let recording = try String(contentsOfFile: path, encoding: .utf8)
        let run = try #require(recording.split(separator: "\n").first { $0.hasSuffix("fg=blue") })
        try recording.replacingOccurrences(of: run, with: run.replacingOccurrences(of: "fg=blue", with: "fg=green"))
            .write(toFile: path, atomically: true, encoding: .utf8)

        let checked = try await shop.run("--check")
        #expect(checked.status == 1)
        #expect(checked.stdoutLines.contains("+" + run))
        #expect(checked.stdoutLines.contains("-" + run.replacingOccurrences(of: "fg=blue", with: "fg=green")))
    }

    @Test("A shot with no recording fails the check, naming it")
    func missingRecording() async throws {
        let shop = try Shop()
        _ = try await shop.run("--record")
        try FileManager.default.removeItem(atPath: shop.recordings + "/purchases.txt")
        let checked = try await shop.run("--check")
        #expect(checked.status == 1)
        #expect(checked.stderr == "storefront: purchases has no recording in \(shop.recordings) (make one with --record)\n")
    }

    @Test("A bad shots line is FILE:LINE: why, and exit 65", arguments: [
        ("home 80x24\nlist 80by24 enter", "2: bad size \"80by24\""),
        ("home 80x24 locale=jp", "1: unknown locale \"jp\""),
        ("home 80x24 colour=red", "1: unknown setting \"colour\""),
        ("# fine\n\nhome 80x24 jump", "3: bad key \"jump\""),
        ("home 80x24\nhome 40x12", "2: a second shot named \"home\""),
        ("../home 80x24", "1: bad shot name \"../home\""),
        ("home 80x24 storefront=XYZ", "1: unknown storefront \"XYZ\""),
    ])
    func badLine(text: String, message: String) async throws {
        let shop = try Shop()
        try text.write(toFile: shop.shots, atomically: true, encoding: .utf8)
        let result = try await shop.run("--check")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("storefront: \(shop.shots):\(message)"), "\(result.stderr)")
    }
}
