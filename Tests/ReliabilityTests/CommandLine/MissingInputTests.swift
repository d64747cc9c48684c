import Foundation
import Testing

/// Item 7, files that are not there: one line naming the file, exit 66 (EX_NOINPUT).
@Suite struct MissingInputTests {
    @Test(arguments: [
        (["catalog", "/nonexistent/Shop.storekit"], "/nonexistent/Shop.storekit"),
        (["buy", BadInput.tip, "--catalog", "/nonexistent/Shop.storekit"], "/nonexistent/Shop.storekit"),
        (["snapshot", "--catalog", "tipjar", "--layout", "/nonexistent/layout.json"], "/nonexistent/layout.json"),
    ])
    func missingFile(_ arguments: [String], _ path: String) async throws {
        let scratch = try ScratchDirectory("missing")
        try await BadInput.expectRejected(arguments, status: 66, mentioning: [path], home: scratch.url)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("data")), "a missing catalog still created a ledger")
    }

    @Test func aStoreKitPackageWithoutItsConfigurationFile() async throws {
        let scratch = try ScratchDirectory("missing")
        let package = scratch.path("Empty.storekit")
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        try await BadInput.expectRejected(["catalog", package], status: 66, mentioning: ["Configuration.storekit"], home: scratch.url)
    }
}
