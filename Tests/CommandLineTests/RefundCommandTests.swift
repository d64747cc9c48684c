import Foundation
import StorefrontTestSupport
import Testing

/// `refund --request/--decide` and `refund-reverse`, run as real processes on a ledger file.
@Suite("storefront refund decisions (real processes)")
struct RefundCommandTests {
    static let feeder = "com.example.backyardbirds.feeder.copper"

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ["--ledger", folder.database.path])
    }

    private func owned() async throws -> [String] {
        let products = try await storefront("entitlements", "--json").object()["products"] as? [[String: Any]]
        return products?.compactMap { $0["productID"] as? String } ?? []
    }

    @Test("Asked, granted prorated, then reversed: the entitlement goes and comes back")
    func requestGrantReverse() async throws {
        _ = try await storefront("buy", Self.feeder)
        let asked = try await storefront("refund", "1", "--request", "--reason", "unintended_purchase")
        #expect(asked.status == 0)
        #expect(asked.stdout == "Asked (UNINTENDED_PURCHASE) for a refund of transaction 1 (\(Self.feeder))\n")
        #expect(try await owned() == [Self.feeder], "asking changes nothing yet")

        let granted = try await storefront("refund", "1", "--decide", "prorated=12.5")
        #expect(granted.status == 0)
        #expect(granted.stdout == "Refunded 12.5% of transaction 1 (\(Self.feeder))\n")
        #expect(try await owned().isEmpty)

        let reversed = try await storefront("refund-reverse", "1")
        #expect(reversed.status == 0)
        #expect(reversed.stdout == "Reversed the refund of transaction 1 (\(Self.feeder))\n")
        #expect(try await owned() == [Self.feeder])
        let again = try await storefront("refund-reverse", "1")
        #expect(again.status == 65)
        #expect(again.stderr == "storefront: cannot reverse the refund of transaction 1: transaction 1 has no refund to reverse\n")
    }

    @Test("transactions names each revocation as Apple's payloads do: type, and a prorated refund's percentage")
    func revocationFields() async throws {
        _ = try await storefront("buy", Self.feeder)
        _ = try await storefront("buy", "com.example.backyardbirds.food.sunflower")
        _ = try await storefront("refund", "1", "--decide", "prorated=12.5")
        _ = try await storefront("refund", "2")
        func revocations() async throws -> [[String]] {
            try await storefront("transactions", "--json").array().map { row in
                [row["revocationType"] as? String ?? "null", (row["revocationPercentage"] as? Int).map(String.init) ?? "null"]
            }
        }
        #expect(try await revocations() == [["REFUND_PRORATED", "12500"], ["REFUND_FULL", "null"]])
        let listed = try await storefront("transactions").stdout.split(separator: "\n")
        #expect(listed.count == 2 && listed[0].hasSuffix("  refunded 12.5%") && listed[1].hasSuffix("  refunded"), "\(listed)")

        _ = try await storefront("refund-reverse", "1")
        #expect(try await revocations() == [["null", "null"], ["REFUND_FULL", "null"]], "a reversal leaves no revocation")
    }

    @Test("Declined: the purchase stays; a second decision is refused")
    func declined() async throws {
        _ = try await storefront("buy", Self.feeder)
        _ = try await storefront("refund", "1", "--request")
        let declined = try await storefront("refund", "1", "--decide", "decline")
        #expect(declined.status == 0)
        #expect(declined.stdout == "Declined the refund of transaction 1 (\(Self.feeder))\n")
        #expect(try await owned() == [Self.feeder])
        let twice = try await storefront("refund", "1", "--decide", "decline")
        #expect(twice.status == 65)
        #expect(twice.stderr == "storefront: cannot refund transaction 1: transaction 1 already had its refund request declined\n")
    }

    @Test("Bad options exit 64 with one line naming the option", arguments: [
        (["--decide", "prorated=100"], "--decide"), (["--decide", "prorated=40abc"], "--decide"),
        (["--decide", "prorated=0.0001"], "--decide"), (["--decide", "maybe"], "--decide"),
        (["--request", "--reason", "BORED"], "--reason"), (["--reason", "LEGAL"], "--reason"),
        (["--request", "--decide", "grant"], "--request"),
    ])
    func badOptions(options: [String], named: String) async throws {
        _ = try await storefront("buy", Self.feeder)
        let refused = try await StorefrontCommand.run(["refund", "1"] + options + ["--ledger", folder.database.path])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains(named), "\(refused.stderr)")
        #expect(try await owned() == [Self.feeder])
    }
}
