import Foundation
import Testing

/// Item 7, a ledger folder that cannot be made: one line naming it, exit 73 (EX_CANTCREAT), and
/// no files left behind.
@Suite struct UnwritableLedgerTests {
    @Test func aFolderInsideARegularFile() async throws {
        let scratch = try ScratchDirectory("unwritable")
        try Data("not a folder".utf8).write(to: scratch.url.appendingPathComponent("file"))
        let ledger = scratch.path("file/ledgers/ledger.sqlite")
        try await BadInput.expectRejected(
            ["buy", BadInput.tip, "--catalog", "tipjar", "--ledger", ledger],
            status: 73, mentioning: [scratch.path("file")], home: scratch.url
        )
        #expect(try String(contentsOfFile: scratch.path("file"), encoding: .utf8) == "not a folder")
    }

    /// Root ignores permission bits, so a read-only mount is the honest unwritable folder.
    @Test(arguments: ["ledger.sqlite", "new/ledger.sqlite"])
    func aReadOnlyDisk(_ name: String) async throws {
        let scratch = try ScratchDirectory("unwritable")
        let outcome = try await TmpfsMount.with("ro,size=64k", named: "readonly", in: scratch.url) { folder in
            let ledger = folder.appendingPathComponent(name).path
            try await BadInput.expectRejected(
                ["buy", BadInput.tip, "--catalog", "tipjar", "--ledger", ledger],
                status: 73, mentioning: [folder.path], home: scratch.url
            )
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
        if case .failure(let unavailable) = outcome {
            print("read-only ledger folder: skipped: \(unavailable)")
        }
    }
}
