import Foundation
import StorefrontTestSupport
import Testing

/// `--account ID`: store commands on one ledger file, as different customers.
@Suite("storefront --account (real processes)")
struct AccountCommandTests {
    static let feeder = "com.example.backyardbirds.feeder.copper"

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--ledger", folder.database.path])
    }

    @Test("What alice buys is not bob's: his transactions, entitlements and restore are empty")
    func purchasesStayWithTheirAccount() async throws {
        let bought = try await storefront("buy", Self.feeder, "--account", "alice")
        #expect(bought.status == 0)

        let bobs = try await storefront("transactions", "--account", "bob", "--json")
        #expect(bobs.status == 0)
        #expect(try bobs.array().isEmpty)
        #expect(try await storefront("transactions", "--json").array().isEmpty, "nor the local account's")
        let alices = try await storefront("transactions", "--account", "alice", "--json").array()
        #expect(alices.map { $0["productID"] as? String } == [Self.feeder])
        #expect(alices.map { $0["verified"] as? Bool } == [true])

        let restored = try await storefront("restore", "--account", "SHA256:uJ7mX2c/+q9zVw=")
        #expect(restored.status == 0)
        #expect(!restored.stdout.contains(Self.feeder))
        #expect(!(try await storefront("entitlements", "--account", "bob").stdout.contains(Self.feeder)))
        #expect(try await storefront("entitlements", "--account", "alice").stdout.contains(Self.feeder))
    }

    @Test("alice's Ask to Buy request is not bob's to list, approve or decline")
    func requestsStayWithTheirAccount() async throws {
        let pending = try await storefront("buy", Self.feeder, "--ask-to-buy", "--account", "alice", "--json")
        #expect(pending.stdout.contains(#""result":"pending""#))

        #expect(try await storefront("requests", "--account", "bob", "--json").array().isEmpty)
        let approved = try await storefront("approve", "1", "--account", "bob")
        #expect(approved.status == 65)
        #expect(approved.stderr == "storefront: cannot approve request 1: no Ask to Buy request with ID 1\n")

        #expect(try await storefront("approve", "1", "--account", "alice").status == 0)
        #expect(try await storefront("transactions", "--account", "bob", "--json").array().isEmpty)
    }

    @Test("An offer code counts once per account")
    func offerCodePerAccount() async throws {
        #expect(try await storefront("redeem", "birdwatcher", "--account", "alice").status == 0)
        let again = try await storefront("redeem", "birdwatcher", "--account", "alice")
        #expect(again.status == 1)
        #expect(again.stderr.contains("The code BIRDWATCHER has already been redeemed."))
        #expect(try await storefront("redeem", "birdwatcher", "--account", "bob").status == 0)
    }

    @Test("A bad --account is a usage error naming the option and the fault", arguments: [
        (["transactions"], "", #"--account "": the account ID is empty."#),
        (["buy", feeder], "al ice", #"--account "al ice": the account ID has whitespace (U+0020) at character 3."#),
        (["snapshot"], "a\u{7}", #"--account "a\u{07}": the account ID has a control character (U+0007) at character 2."#),
        (["run"], String(repeating: "x", count: 201), "the account ID is 201 bytes long; at most 200 are allowed."),
    ])
    func badAccount(command: [String], account: String, message: String) async throws {
        let refused = try await StorefrontCommand.run(command + ["--account", account, "--ledger", folder.database.path])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains(message))
        #expect(refused.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.database.path), "refused before the ledger opens")
    }
}
