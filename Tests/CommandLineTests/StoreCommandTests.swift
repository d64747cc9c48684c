import Foundation
import StorefrontTestSupport
import Testing

/// The store commands, run as real processes on a ledger file of their own.
@Suite("storefront store commands (real processes)")
struct StoreCommandTests {
    static let seeds = "com.example.backyardbirds.food.sunflower"
    static let feeder = "com.example.backyardbirds.feeder.copper"
    static let monthly = "com.example.backyardbirds.pass.meadow.monthly"

    let folder: TemporaryDirectory
    var ledgerArguments: [String] { ["--ledger", folder.database.path] }

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func storefront(_ arguments: String...) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments + ledgerArguments)
    }

    @Test("buy --json prints the result and the signed transaction")
    func buyJSON() async throws {
        let bought = try await storefront("buy", Self.seeds, "--json", "--quantity", "2")
        #expect(bought.status == 0)
        #expect(bought.stderr.isEmpty)
        #expect(bought.stdout.hasPrefix(#"{"result":"success","verified":true,"transaction":{"id":1,"originalID":1,"productID":"\#(Self.seeds)""#))
        let json = try bought.object()
        let transaction = try #require(json["transaction"] as? [String: Any])
        #expect(transaction["quantity"] as? Int == 2)
        #expect(transaction["price"] as? String == "0.99")
        #expect(transaction["currency"] as? String == "USD")
        #expect(transaction["expirationDate"] is NSNull)
        let purchaseDate = try #require(transaction["purchaseDate"] as? String)
        #expect(try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(purchaseDate) <= Date())

        let text = try await storefront("buy", Self.feeder)
        #expect(text.stdout == "Bought Copper Tube Feeder (\(Self.feeder)) for $4.99: transaction 2\n")
    }

    @Test("Ask to Buy: pending carries the request ID that approve and decline take")
    func askToBuy() async throws {
        let pending = try await storefront("buy", Self.feeder, "--ask-to-buy", "--json")
        #expect(pending.status == 0)
        #expect(pending.stdout == #"{"result":"pending","request":{"id":1,"productID":"\#(Self.feeder)"}}"# + "\n")
        #expect(try await storefront("transactions", "--json").array().isEmpty)

        let approved = try await storefront("approve", "1", "--json")
        #expect(approved.status == 0)
        #expect(try approved.object()["productID"] as? String == Self.feeder)
        #expect(try approved.object()["finished"] as? Bool == false)

        let second = try await storefront("buy", Self.seeds, "--ask-to-buy", "--json")
        let requestID = try #require((try second.object()["request"] as? [String: Any])?["id"] as? Int)
        let declined = try await storefront("decline", String(requestID))
        #expect(declined.status == 0)
        #expect(declined.stdout.contains("nothing was bought"))
        let again = try await storefront("approve", String(requestID))
        #expect(again.status == 65)
        #expect(again.stderr == "storefront: cannot approve request \(requestID): Ask to Buy request \(requestID) is already declined\n")
        #expect(try await storefront("transactions", "--json").array().map { $0["productID"] as? String } == [Self.feeder])
    }

    @Test("--cancel ends userCancelled and buys nothing")
    func cancel() async throws {
        let cancelled = try await storefront("buy", Self.feeder, "--cancel", "--json")
        #expect(cancelled.status == 0)
        #expect(cancelled.stdout == #"{"result":"userCancelled"}"# + "\n")
        #expect(try await storefront("transactions", "--json").array().isEmpty)
    }

    @Test("transactions --json lists every transaction with its dates and verification")
    func transactionsJSON() async throws {
        _ = try await storefront("buy", Self.seeds)
        _ = try await storefront("buy", Self.monthly)
        let listed = try await storefront("transactions", "--json")
        #expect(listed.status == 0)
        let rows = try listed.array()
        #expect(rows.count == 2)
        for row in rows {
            for key in ["id", "originalID", "productID", "purchaseDate", "expirationDate", "revocationDate", "verified"] {
                #expect(row.keys.contains(key), "missing \(key)")
            }
            #expect(row["verified"] as? Bool == true)
            #expect(row["revocationDate"] is NSNull)
        }
        #expect(rows[0]["expirationDate"] is NSNull)
        let expiration = try #require(rows[1]["expirationDate"] as? String)
        #expect(try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(expiration) > Date())
        #expect(rows[1]["offerType"] as? String == "introductory")
    }

    @Test("A row edited in the file lists as unverified and entitles nothing")
    func tamperedRow() async throws {
        _ = try await storefront("buy", Self.feeder)
        try folder.edit("UPDATE transactions SET price = '0.01'")
        let rows = try await storefront("transactions", "--json").array()
        #expect(rows.first?["verified"] as? Bool == false)
        let owned = try await storefront("entitlements", "--json").object()
        #expect((owned["products"] as? [Any])?.isEmpty == true)
        let refund = try await storefront("refund", "1")
        #expect(refund.status == 65)
        #expect(refund.stderr.hasPrefix("storefront: cannot refund transaction 1: transaction 1 does not verify"))
    }

    @Test("Refunding removes the entitlement; advancing a month renews the subscription")
    func refundAndAdvance() async throws {
        _ = try await storefront("buy", Self.feeder)
        _ = try await storefront("buy", "com.example.backyardbirds.pass.grove.monthly")
        var owned = try await storefront("entitlements", "--json").object()
        #expect((owned["products"] as? [[String: Any]])?.compactMap { $0["productID"] as? String }
            == [Self.feeder, "com.example.backyardbirds.pass.grove.monthly"])

        #expect(try await storefront("refund", "1").stdout == "Refunded transaction 1 (\(Self.feeder))\n")
        owned = try await storefront("entitlements", "--json").object()
        #expect((owned["products"] as? [[String: Any]])?.compactMap { $0["productID"] as? String }
            == ["com.example.backyardbirds.pass.grove.monthly"])

        let advanced = try await storefront("advance", "1mo", "--json").object()
        let renewals = try #require(advanced["renewals"] as? [[String: Any]])
        #expect(renewals.count == 1)
        #expect(renewals.first?["originalID"] as? Int == 2)
        let rows = try await storefront("transactions", "--json").array()
        #expect(rows.count == 3)
        #expect(rows.last?["purchaseDate"] as? String == rows[1]["expirationDate"] as? String)
    }

    @Test("Bad input exits with a sysexits code and one line naming what is wrong")
    func badInput() async throws {
        let unknown = try await storefront("buy", "com.example.nothing")
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "storefront: unknown product \"com.example.nothing\": not in catalog backyardbirds\n")

        let failing = try await storefront("buy", Self.feeder, "--fail", "purchase=purchaseNotAllowed")
        #expect(failing.status == 1)
        #expect(failing.stderr == "storefront: purchase of \(Self.feeder) failed: Purchases are not allowed on this account.\n")

        for (arguments, mention) in [
            (["buy", Self.feeder, "--latency", "soon"], "--latency \"soon\""),
            (["buy", Self.feeder, "--latency", "800ms-"], "--latency \"800ms-\""),
            (["buy", Self.feeder, "--fail", "everything"], "--fail \"everything\""),
            (["buy", Self.feeder, "--fail", "loadProducts=ineligibleForOffer"], "loadProducts cannot fail with \"ineligibleForOffer\""),
            (["buy", Self.feeder, "--storefront", "XYZ"], "--storefront \"XYZ\""),
            (["buy", Self.feeder, "--original-app-version", "one"], "--original-app-version \"one\""),
            (["advance", "1 month"], "\"1 month\""),
            (["advance", "0d"], "\"0d\""),
        ] {
            let result = try await StorefrontCommand.run(arguments + ledgerArguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").first?.contains(mention) == true, "\(arguments): \(result.stderr)")
        }

        let missing = try await storefront("transactions", "--catalog", "/nonexistent/Shop.storekit")
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent/Shop.storekit"))

        let blocker = folder.url.appendingPathComponent("file")
        try Data("not a folder".utf8).write(to: blocker)
        let cannotCreate = try await StorefrontCommand.run(["buy", Self.feeder, "--ledger", blocker.path + "/sub/ledger.sqlite"])
        #expect(cannotCreate.status == 73)
        #expect(cannotCreate.stderr.hasPrefix("storefront: cannot create \(blocker.path)/sub"))

        let notALedger = folder.url.appendingPathComponent("notes.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: notALedger)
        let garbage = try await StorefrontCommand.run(["transactions", "--ledger", notALedger.path])
        #expect(garbage.status == 65)
        #expect(garbage.stderr.contains(notALedger.path))
    }

    @Test("The default ledger lives under XDG_DATA_HOME, by catalog identifier")
    func defaultLedger() async throws {
        let home = folder.url.appendingPathComponent("data")
        let bought = try await StorefrontCommand.run(["buy", Self.seeds], environment: ["XDG_DATA_HOME": home.path])
        #expect(bought.status == 0)
        let database = home.appendingPathComponent("storefront/7C2E94B1/ledger.sqlite")
        #expect(FileManager.default.fileExists(atPath: database.path))
        let listed = try await StorefrontCommand.run(["transactions", "--json"], environment: ["XDG_DATA_HOME": home.path])
        #expect(try listed.array().count == 1)
        let memory = try await StorefrontCommand.run(["transactions", "--json", "--in-memory"], environment: ["XDG_DATA_HOME": home.path])
        #expect(try memory.array().isEmpty)
    }

    @Test("entitlements reports the app transaction with --original-app-version, first date kept")
    func appTransaction() async throws {
        let first = try await storefront("entitlements", "--json", "--original-app-version", "1.9.3").object()
        let app = try #require(first["app"] as? [String: Any])
        #expect(app["originalAppVersion"] as? String == "1.9.3")
        #expect(app["verified"] as? Bool == true)
        let again = try await storefront("entitlements", "--json").object()
        let later = try #require(again["app"] as? [String: Any])
        #expect(later["originalAppVersion"] as? String == "2.0")
        #expect(later["originalPurchaseDate"] as? String == app["originalPurchaseDate"] as? String)
    }

    @Test("Other storefronts re-price in their currency")
    func storefrontOverride() async throws {
        let yen = try await storefront("buy", Self.feeder, "--storefront", "JPN", "--json").object()
        let transaction = try #require(yen["transaction"] as? [String: Any])
        #expect(transaction["price"] as? String == "5")
        #expect(transaction["currency"] as? String == "JPY")
        #expect(transaction["storefront"] as? String == "JPN")
        let pounds = try await storefront("buy", Self.seeds, "--storefront", "gbr")
        #expect(pounds.stdout.contains("for £0.99"))
    }

    @Test("No output ever shows the store's signing key")
    func keyNeverPrinted() async throws {
        var outputs = [try await storefront("buy", Self.feeder, "--json"), try await storefront("transactions"),
                       try await storefront("restore"), try await storefront("refund", "1", "--json")]
        outputs.append(try await storefront("buy", "nope"))
        let secrets = try PrivateKeySecrets(keyFile: String(contentsOf: folder.signingKey, encoding: .utf8))
        for output in outputs {
            for secret in secrets.forms {
                #expect(!output.stdout.contains(secret) && !output.stderr.contains(secret))
            }
            #expect(!output.stdout.contains("PRIVATE KEY") && !output.stderr.contains("PRIVATE KEY"))
        }
    }

    @Test("redeem: a catalog code once, then refused; a codes file's bad line exits 65 naming it")
    func redeem() async throws {
        let first = try await storefront("redeem", "birdwatcher", "--json")
        #expect(first.status == 0, "\(first.stderr)")
        let transaction = try #require(try first.object()["transaction"] as? [String: Any])
        #expect(transaction["offerType"] as? String == "code")
        #expect(transaction["offerID"] as? String == "BIRDWATCHER")
        let again = try await storefront("redeem", "BIRDWATCHER")
        #expect(again.status == 1)
        #expect(again.stderr.contains("The code BIRDWATCHER has already been redeemed."))
        #expect(try await storefront("transactions", "--json").array().count == 1)

        let codes = folder.database.deletingLastPathComponent().appendingPathComponent("codes.txt")
        try "GIFT \(Self.feeder)\nBROKEN\n".write(to: codes, atomically: true, encoding: .utf8)
        let broken = try await storefront("redeem", "GIFT", "--offer-codes", codes.path)
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("\(codes.path):2: the code BROKEN names no product"))
    }


    @Test("buy says what was charged and with which offer; buying an owned feeder again writes nothing")
    func buyPrintsCharge() async throws {
        #expect(try await storefront("buy", Self.monthly).stdout.contains("for $0.00 (free trial, introductory offer, until "))
        let first = try await storefront("buy", Self.feeder)
        #expect(first.stdout == "Bought Copper Tube Feeder (\(Self.feeder)) for $4.99: transaction 2\n")
        let again = try await storefront("buy", Self.feeder)
        #expect(again.status == 0)
        #expect(again.stdout == "Copper Tube Feeder is already owned: transaction 2. Nothing new was bought.\n")
        #expect(try await storefront("transactions", "--json").array().count == 2)
    }

    @Test("buy --json tells a new purchase from an owned product, the current plan and a plan scheduled for renewal")
    func buyResults() async throws {
        #expect(try await storefront("buy", Self.feeder, "--json").object()["result"] as? String == "success")
        let owned = try await storefront("buy", Self.feeder, "--json")
        #expect(owned.status == 0)
        #expect(owned.stdout.hasPrefix(#"{"result":"alreadyOwned","verified":true,"transaction":{"id":1,"#))

        let sanctuary = "com.example.backyardbirds.pass.sanctuary.monthly"
        let subscribed = try await storefront("buy", sanctuary, "--json").object()
        #expect(subscribed["result"] as? String == "success")
        let current = try await storefront("buy", sanctuary, "--json")
        #expect(current.status == 0)
        #expect(try current.object()["result"] as? String == "alreadySubscribed")
        #expect(try await storefront("buy", sanctuary).stdout.contains("is already your current plan"))

        let downgrade = try await storefront("buy", Self.monthly, "--json")
        #expect(downgrade.status == 0)
        let scheduled = try downgrade.object()
        #expect(scheduled["result"] as? String == "scheduled")
        #expect(scheduled["autoRenewPreference"] as? String == Self.monthly)
        let staying = try #require(scheduled["transaction"] as? [String: Any])
        #expect(staying["productID"] as? String == sanctuary)
        let renewal = try #require(scheduled["renewalDate"] as? String)
        #expect(renewal == staying["expirationDate"] as? String)
        #expect(try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(renewal) > Date())
        #expect(try await storefront("transactions", "--json").array().count == 2)
    }

    @Test("redeem --json prints a failure as JSON with the store's code, and exits nonzero as without it")
    func redeemFailureJSON() async throws {
        _ = try await storefront("redeem", "BIRDWATCHER")
        let again = try await storefront("redeem", "BIRDWATCHER", "--json")
        #expect(again.status == 1)
        #expect(again.stdout == #"{"result":"failed","error":{"code":"alreadyRedeemed","message":"The code BIRDWATCHER has already been redeemed."}}"# + "\n")
        let unknown = try await storefront("redeem", "NOSUCHCODE", "--json")
        #expect(unknown.status == 1)
        #expect(try (unknown.object()["error"] as? [String: Any])?["code"] as? String == "unknownCode")

        let codes = folder.database.deletingLastPathComponent().appendingPathComponent("codes.txt")
        try "BROKEN\n".write(to: codes, atomically: true, encoding: .utf8)
        let broken = try await storefront("redeem", "GIFT", "--offer-codes", codes.path, "--json")
        #expect(broken.status == 65)
        let error = try #require(try broken.object()["error"] as? [String: Any])
        #expect(error["code"] as? String == "dataError")
        #expect((error["message"] as? String)?.contains("\(codes.path):1:") == true)
    }

    @Test("requests lists Ask to Buy requests with their state; transactions points to the pending ones")
    func requests() async throws {
        _ = try await storefront("buy", Self.feeder, "--ask-to-buy")
        _ = try await storefront("buy", Self.seeds, "--ask-to-buy")
        _ = try await storefront("decline", "2")
        let listed = try await storefront("requests", "--json").array()
        #expect(listed.map { $0["state"] as? String } == ["pending", "declined"])
        #expect(listed.first?["productName"] as? String == "Copper Tube Feeder")
        #expect(listed.last?["decidedAt"] is String)
        let text = try await storefront("requests").stdout
        #expect(text.contains("1  pending  \(Self.feeder)  Copper Tube Feeder  asked "))
        let transactions = try await storefront("transactions").stdout
        #expect(transactions == "No transactions.\n1 Ask to Buy request waits for approval: see storefront requests (approve ID or decline ID).\n")
    }


    @Test("entitlements lists what a grandfathered customer has without buying it, and why")
    func grandfathered() async throws {
        let text = try await storefront("entitlements", "--original-app-version", "1.0").stdout
        #expect(text.contains("Songbird Field Guide  included: first installed at 1.0, before 2.0 made it a purchase"))
        let json = try await storefront("entitlements", "--original-app-version", "1.0", "--json").object()
        let named = try #require(json["entitlements"] as? [[String: Any]])
        #expect(named.map { $0["name"] as? String } == ["Songbird Field Guide"])
        #expect(named.first?["reason"] as? String == "originalAppVersion")
        let today = try await storefront("entitlements", "--json").object()
        #expect((today["entitlements"] as? [Any])?.isEmpty == true)
        _ = try await storefront("buy", "com.example.backyardbirds.guide.songbirds")
        let bought = try #require(try await storefront("entitlements", "--json").object()["entitlements"] as? [[String: Any]])
        #expect(bought.first?["reason"] as? String == "purchase")
    }

}
