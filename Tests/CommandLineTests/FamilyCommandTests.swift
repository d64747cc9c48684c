import Foundation
import StorefrontTestSupport
import Testing

/// `storefront family …` as real processes on one ledger file: what one member buys is
/// another's as a FAMILY_SHARED transaction of its own, until the family stops sharing it.
@Suite("storefront family (real processes)")
struct FamilyCommandTests {
    static let feeder = "com.example.backyardbirds.feeder.copper"
    static let suet = "com.example.backyardbirds.food.suet"

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--ledger", folder.database.path])
    }

    @Test("family join shares alice's feeder with bob as FAMILY_SHARED, never her suet; family leave revokes it")
    func joinAndLeave() async throws {
        #expect(try await storefront("buy", Self.feeder, "--account", "alice").status == 0)
        #expect(try await storefront("buy", Self.suet, "--account", "alice").status == 0)
        let joined = try await storefront("family", "join", "bob", "alice")
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(joined.stdout == "bob is in alice's family: alice, bob.\n")

        let bobs = try await storefront("transactions", "--account", "bob", "--json").array()
        #expect(bobs.map { $0["productID"] as? String } == [Self.feeder])
        #expect(bobs.map { $0["ownershipType"] as? String } == ["FAMILY_SHARED"])
        #expect(bobs.map { $0["verified"] as? Bool } == [true])
        let alices = try await storefront("transactions", "--account", "alice", "--json").array()
        #expect(bobs.first?["id"] as? Int != alices.first?["id"] as? Int, "bob's share is a transaction of his own")
        #expect(bobs.first?["originalPurchaseDate"] as? String == alices.first?["purchaseDate"] as? String)
        #expect(try await storefront("entitlements", "--account", "bob").stdout.contains(Self.feeder))
        #expect(try await storefront("family", "list").stdout == "alice: alice, bob\n")
        #expect(try await storefront("family", "list", "--json").stdout == #"[{"organizer":"alice","members":["alice","bob"]}]"# + "\n")

        let left = try await storefront("family", "leave", "bob")
        #expect(left.status == 0, "\(left.stderr)")
        #expect(left.stdout == "bob left alice's family.\n")
        let revoked = try await storefront("transactions", "--account", "bob", "--json").array()
        #expect(revoked.map { $0["revocationDate"] is String } == [true])
        #expect(!(try await storefront("entitlements", "--account", "bob").stdout.contains(Self.feeder)))
        #expect(try await storefront("entitlements", "--account", "alice").stdout.contains(Self.feeder))
        #expect(try await storefront("family", "list").stdout == "alice: alice\n")
    }

    @Test("A refused family change exits 65 with one line naming the accounts", arguments: [
        (["family", "join", "carol", "bob"], "storefront: cannot put carol in bob's family: bob is a member of alice's family, not an organizer: a family is named by its organizer\n"),
        (["family", "join", "bob", "carol"], "storefront: cannot put bob in carol's family: bob is already in alice's family; it must leave it first\n"),
        (["family", "leave", "carol"], "storefront: cannot take carol out of its family: carol is in no family\n"),
    ])
    func refused(command: [String], message: String) async throws {
        #expect(try await StorefrontCommand.run(["family", "join", "bob", "alice", "--ledger", folder.database.path]).status == 0)
        let refused = try await StorefrontCommand.run(command + ["--ledger", folder.database.path])
        #expect(refused.status == 65)
        #expect(refused.stderr == message)
        #expect(refused.stdout.isEmpty)
    }

    @Test("A bad account argument, or --account, is a usage error naming it, before the ledger opens", arguments: [
        (["family", "join", "bob", "alice", "--account", "bob"], "--account does not apply: family commands name their accounts as arguments."),
        (["family", "join", "al ice", "bob"], #"<account> "al ice": the account ID has whitespace (U+0020) at character 3."#),
        (["family", "join", "bob", ""], #"<family> "": the account ID is empty."#),
        (["family", "leave", "a\u{7}"], #"<account> "a\u{07}": the account ID has a control character (U+0007) at character 2."#),
    ])
    func usage(command: [String], message: String) async throws {
        let refused = try await StorefrontCommand.run(command + ["--ledger", folder.database.path])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains(message), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.database.path), "refused before the ledger opens")
    }
}

/// Apple's App Store Server Library reads a family member's shares, their notifications and
/// their revocation (`family_check.py`), on SQLite and PostgreSQL.
@Suite struct FamilyAppleClientTests {
    @Test(arguments: ["sqlite", "postgres"])
    func applesLibraryReadsSharesAndTheirRevocation(engine: String) async throws {
        let output = try await AppleClientScript.run("family_check.py", try await AppleClientScript.storeArguments(engine))
        #expect(output.stdout.contains("ok: each share has a transaction ID of its own"))
        #expect(output.stdout.contains("ok: revocationType FAMILY_REVOKE"))
    }
}
