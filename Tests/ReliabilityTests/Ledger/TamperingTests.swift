import Foundation
import GRDB
import StorefrontTestSupport
import Testing

/// Item 5: a ledger edited behind the store's back. Tampered transactions come back unverified,
/// grant nothing, and the front says so; the untouched ones still count. A store key deleted or
/// replaced by another store's is refused outright, naming both files (issue 32).
@Suite struct TamperingTests {
    static let feeder = "com.example.backyardbirds.feeder.copper"
    static let birdbath = "com.example.backyardbirds.birdbath.heated"
    static let nectar = "com.example.backyardbirds.food.nectar"
    static let pass = "com.example.backyardbirds.pass.sanctuary.monthly"

    enum Tampering: String, CaseIterable, Sendable {
        /// The feeder's row now says birdbath: a free upgrade by hand.
        case editedRow
        /// The feeder's and the nectar's signatures swapped.
        case swappedSignatures
    }

    /// What happened to the store key.
    enum KeyLoss: String, CaseIterable, Sendable {
        /// Deleted: a new key would sign none of the rows, so none is made.
        case deletedKey
        /// Replaced by another store's valid key.
        case replacedKey
    }

    /// A ledger with a non-consumable, a consumable and a subscription, bought by the tool.
    private static func boughtLedger(in scratch: borrowing ScratchDirectory) async throws -> String {
        let ledger = scratch.path("ledger.sqlite")
        for product in [feeder, nectar, pass] {
            let result = try await StorefrontCommand.run(["buy", product, "--ledger", ledger], home: scratch.url, label: "tamper")
            try #require(result.status == 0, "\(result.stderr)")
        }
        return ledger
    }

    @Test(arguments: Tampering.allCases)
    func tamperedTransactionsGrantNothing(_ tampering: Tampering) async throws {
        let scratch = try ScratchDirectory("tamper-\(tampering.rawValue)")
        let ledger = try await Self.boughtLedger(in: scratch)
        let before = try await Self.entitlements(ledger: ledger, home: scratch.url)
        #expect(before.products.isSuperset(of: [Self.feeder, Self.pass]) && before.consumables[Self.nectar] == 1)
        #expect(before.subscriptionStates == ["subscribed"])

        let tampered = try await Self.apply(tampering, to: ledger, scratch: scratch)

        let listed = try await LedgerInspection.transactions(ledger: ledger, home: scratch.url)
        let unverified = Set(listed.filter { $0["verified"] as? Bool == false }.compactMap { $0["productID"] as? String })
        #expect(unverified == tampered, "unverified: \(unverified)")
        let after = try await Self.entitlements(ledger: ledger, home: scratch.url)
        #expect(!after.products.contains(Self.feeder) && !after.products.contains(Self.birdbath), "granted \(after.products)")
        #expect(after.consumables[Self.nectar] == (tampered.contains(Self.nectar) ? nil : 1))
        #expect(after.products.contains(Self.pass) == !tampered.contains(Self.pass))
        // The group's state may still be listed, but never as a plain "subscribed".
        #expect(after.subscriptionStates == (tampered.contains(Self.pass) ? ["subscribed, unverified"] : ["subscribed"]))

        // The front: the purchases screen marks each tampered transaction, the shop sells the
        // feeder again.
        let purchases = try await Self.screen(keys: "end enter", ledger: ledger, home: scratch.url)
        #expect(purchases.filter { $0.contains("unverified") }.count == tampered.count, "\(purchases.joined(separator: "\n"))")
        let shop = try await Self.screen(keys: "down down enter", ledger: ledger, home: scratch.url)
        let feederRow = shop.first { $0.contains("Copper Tube Feeder") } ?? ""
        #expect(!feederRow.contains("Owned") && feederRow.contains("Buy"), "\(feederRow)")
    }

    /// Tampers with the ledger; returns the product IDs whose transactions no longer verify.
    private static func apply(_ tampering: Tampering, to ledger: String, scratch: borrowing ScratchDirectory) async throws -> Set<String> {
        let key = URL(fileURLWithPath: ledger).deletingLastPathComponent().appendingPathComponent("store-key.pem")
        switch tampering {
        case .editedRow:
            try await DatabaseQueue(path: ledger).write { db in
                try db.execute(sql: "UPDATE transactions SET productID = ? WHERE productID = ?", arguments: [birdbath, feeder])
            }
            return [birdbath]
        case .swappedSignatures:
            try await DatabaseQueue(path: ledger).write { db in
                let feederJWS = try String.fetchOne(db, sql: "SELECT jws FROM transactions WHERE productID = ?", arguments: [feeder])
                let nectarJWS = try String.fetchOne(db, sql: "SELECT jws FROM transactions WHERE productID = ?", arguments: [nectar])
                try db.execute(sql: "UPDATE transactions SET jws = ? WHERE productID = ?", arguments: [nectarJWS, feeder])
                try db.execute(sql: "UPDATE transactions SET jws = ? WHERE productID = ?", arguments: [feederJWS, nectar])
            }
            return [feeder, nectar]
        }
    }

    @Test(arguments: KeyLoss.allCases)
    func aLostOrForeignStoreKeyIsRefused(_ loss: KeyLoss) async throws {
        let scratch = try ScratchDirectory("tamper-\(loss.rawValue)")
        let ledger = try await Self.boughtLedger(in: scratch)
        let key = URL(fileURLWithPath: ledger).deletingLastPathComponent().appendingPathComponent("store-key.pem")
        let kept = key.appendingPathExtension("kept")
        try FileManager.default.moveItem(at: key, to: kept)
        if loss == .replacedKey {
            // Another store's key: make one by opening a second ledger.
            let other = scratch.path("other/ledger.sqlite")
            let made = try await StorefrontCommand.run(["transactions", "--ledger", other], home: scratch.url, label: "tamper")
            try #require(made.status == 0, "\(made.stderr)")
            try FileManager.default.copyItem(atPath: scratch.path("other/store-key.pem"), toPath: key.path)
        }
        for command in [["entitlements"], ["transactions"], ["buy", Self.nectar]] {
            let refused = try await StorefrontCommand.run(command + ["--ledger", ledger], home: scratch.url, label: "tamper")
            #expect(refused.status == 77, "\(command): \(refused.stderr)")
            #expect(refused.stderrLines.count == 1 && refused.stderr.contains(key.path) && refused.stderr.contains(ledger), "\(refused.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: key.path) == (loss == .replacedKey), "a new key was left beside the ledger")
        // Nothing was signed with the wrong key: with the store's own back, every row verifies.
        try? FileManager.default.removeItem(at: key)
        try FileManager.default.moveItem(at: kept, to: key)
        let listed = try await LedgerInspection.transactions(ledger: ledger, home: scratch.url)
        #expect(listed.count == 3 && listed.allSatisfy { $0["verified"] as? Bool == true }, "\(listed)")
    }

    @Test func aStoreKeyThatIsNotAKeyIsRefusedWithoutQuotingIt() async throws {
        let scratch = try ScratchDirectory("tamper-garbage-key")
        let ledger = try await Self.boughtLedger(in: scratch)
        let key = scratch.url.appendingPathComponent("store-key.pem")
        let original = try String(contentsOf: key, encoding: .utf8)
        try FileManager.default.moveItem(at: key, to: key.appendingPathExtension("replaced"))
        // A damaged key: the real one with its middle cut out, so its bytes are still there.
        let lines = original.split(separator: "\n")
        try (lines.prefix(2) + lines.suffix(2)).joined(separator: "\n").write(to: key, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key.path)
        let result = try await StorefrontCommand.run(["transactions", "--ledger", ledger], home: scratch.url, label: "tamper")
        #expect(result.status == 65)
        #expect(result.stderrLines.count == 1 && result.stderr.contains(key.path), "\(result.stderr)")
        for line in lines where !line.hasPrefix("-----") {
            #expect(!result.stderr.contains(line) && !result.stdout.contains(line), "the key file's contents were printed")
        }
    }

    // MARK: - Reading what the customer owns

    struct Owned {
        var products: Set<String>
        var consumables: [String: Int]
        /// Each group's state, with ", unverified" when its transaction does not verify.
        var subscriptionStates: [String]
    }

    private static func entitlements(ledger: String, home: URL) async throws -> Owned {
        let result = try await StorefrontCommand.run(["entitlements", "--json", "--ledger", ledger], home: home, label: "tamper")
        try #require(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let products = (object["products"] as? [[String: Any]] ?? []).compactMap { $0["productID"] as? String }
        let consumables = (object["consumables"] as? [[String: Any]] ?? []).reduce(into: [String: Int]()) { counts, entry in
            if let id = entry["productID"] as? String { counts[id] = entry["quantity"] as? Int }
        }
        let subscriptions = object["subscriptions"] as? [[String: Any]] ?? []
        return Owned(
            products: Set(products), consumables: consumables,
            subscriptionStates: subscriptions.map { subscription in
                (subscription["state"] as? String ?? "none") + (subscription["verified"] as? Bool == false ? ", unverified" : "")
            }
        )
    }

    /// The app's screen after `keys`, as text lines.
    private static func screen(keys: String, ledger: String, home: URL) async throws -> [String] {
        let result = try await StorefrontCommand.run(
            ["snapshot", "--ledger", ledger, "--size", "100x30", "--keys", keys], home: home, label: "tamper"
        )
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout.components(separatedBy: "\n")
    }
}
