import Foundation
import LocalStore
@testable import StoreServerAPI
import Testing

/// Ledger rows in Apple's payload fields and units.
@Suite struct PayloadMappingTests {
    let app = ServedApp(bundleID: "com.example.birds")

    @Test func pricesAreMilliunitsRoundedHalfAwayFromZero() throws {
        let cases: [(String, Int64)] = [("0.99", 990), ("120", 120_000), ("1.0005", 1001), ("9.999", 9999), ("0", 0)]
        for (text, milliunits) in cases {
            #expect(TransactionPayload.milliunits(try #require(Decimal(string: text))) == milliunits, "\(text)")
        }
    }

    @Test func offersOwnershipStorefrontAndTokenUseApplesSpellings() async throws {
        let ledger = try Ledger(location: .inMemory)
        let token = UUID()
        let purchase = LedgerPurchase(
            productID: "pass.monthly", productType: .autoRenewable, purchaseDate: Date(timeIntervalSince1970: 1_700_000_000.123),
            expirationDate: Date(timeIntervalSince1970: 1_700_604_800.123), offerType: .introductory, offerID: "trial",
            offerPaymentMode: .freeTrial, ownershipType: .familyShared, storefront: "JPN", appAccountToken: token,
            price: 0, currency: "JPY", subscriptionGroupID: "group"
        )
        let entry = try await ledger.recordPurchase(purchase, attemptID: UUID())
        let payload = TransactionPayload(entry.transaction, app: app, signedDate: entry.transaction.signedDate)
        #expect(payload.purchaseDate == 1_700_000_000_123)
        #expect(payload.expiresDate == 1_700_604_800_123)
        #expect(payload.type == "Auto-Renewable Subscription")
        #expect(payload.offerType == 1 && payload.offerIdentifier == "trial" && payload.offerDiscountType == "FREE_TRIAL")
        #expect(payload.inAppOwnershipType == "FAMILY_SHARED")
        #expect(payload.storefront == "JPN" && payload.storefrontId == "143462")
        #expect(payload.appAccountToken == token.uuidString.lowercased())
        #expect(payload.subscriptionGroupIdentifier == "group")
        #expect(payload.transactionReason == "PURCHASE")
        #expect(payload.price == 0 && payload.currency == "JPY")
        #expect(payload.isUpgraded == nil, "Apple sends isUpgraded only when true")
        let renewal = try await ledger.renewSubscription(
            transactionID: entry.id, attemptID: UUID(), purchaseDate: Date(timeIntervalSince1970: 1_700_604_800),
            expirationDate: Date(timeIntervalSince1970: 1_703_196_800)
        )
        #expect(TransactionPayload(renewal.transaction, app: app, signedDate: Date()).transactionReason == "RENEWAL")
    }

    @Test func theRecentStartSkipsLapsesShorterThanSixtyDays() async throws {
        let day: TimeInterval = 86_400
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        func chain(lapse: TimeInterval) async throws -> [LedgerTransaction] {
            let ledger = try Ledger(location: .inMemory)
            let first = try await ledger.recordPurchase(
                LedgerPurchase(productID: "pass", productType: .autoRenewable, purchaseDate: start,
                               expirationDate: start + 30 * day, storefront: "USA"), attemptID: UUID()
            )
            let second = try await ledger.renewSubscription(
                transactionID: first.id, attemptID: UUID(), purchaseDate: start + 30 * day, expirationDate: start + 60 * day
            )
            let third = try await ledger.renewSubscription(
                transactionID: second.id, attemptID: UUID(), purchaseDate: start + (60 + lapse) * day,
                expirationDate: start + (90 + lapse) * day
            )
            return [first, second, third].map(\.transaction)
        }
        #expect(AppStoreServer.recentStart(of: try await chain(lapse: 10)) == start)
        #expect(AppStoreServer.recentStart(of: try await chain(lapse: 61)) == start + (60 + 61) * day)
    }

    @Test func expirationReasonsAreApplesIntents() {
        #expect(RenewalPayload.intent(.autoRenewDisabled) == 1)
        #expect(RenewalPayload.intent(.billingError) == 2)
        #expect(RenewalPayload.intent(.didNotConsentToPriceIncrease) == 3)
        #expect(RenewalPayload.intent(.productUnavailable) == 4)
        #expect(RenewalPayload.intent(.unknown) == 5)
    }
}
