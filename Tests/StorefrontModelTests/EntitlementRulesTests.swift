import Foundation
import StorefrontModel
import Testing

/// The entitlement rules, applied to hand-written ledgers.
@Suite struct EntitlementRulesTests {
    let now = Catalog.epoch
    let hour: TimeInterval = 3600

    func transaction(
        _ id: Transaction.ID, _ product: Product, at offset: TimeInterval = -3600,
        expiresIn: TimeInterval? = nil, quantity: Int = 1, upgraded: Bool = false, revoked: Bool = false
    ) -> Transaction {
        Transaction(
            id: id, originalID: id, productID: product.id, productType: product.type,
            subscriptionGroupID: product.subscription?.subscriptionGroupID,
            purchaseDate: now.addingTimeInterval(offset),
            expirationDate: expiresIn.map { now.addingTimeInterval($0) },
            revocationDate: revoked ? now.addingTimeInterval(-60) : nil,
            purchasedQuantity: quantity, isUpgraded: upgraded
        )
    }

    func status(
        _ state: Product.SubscriptionInfo.RenewalState, _ transaction: Transaction,
        graceEndsIn: TimeInterval? = nil, willAutoRenew: Bool = true, renewsAs: Product.ID? = nil,
        verified: Bool = true
    ) -> Product.SubscriptionInfo.Status {
        let info = Product.SubscriptionInfo.RenewalInfo(
            originalTransactionID: transaction.originalID, currentProductID: transaction.productID,
            willAutoRenew: willAutoRenew, autoRenewPreference: renewsAs ?? transaction.productID,
            isInBillingRetry: state == .inBillingRetryPeriod,
            gracePeriodExpirationDate: graceEndsIn.map { now.addingTimeInterval($0) }
        )
        return .init(
            state: state,
            transaction: verified ? .verified(transaction) : .unverified(transaction, .invalidSignature),
            renewalInfo: .verified(info)
        )
    }

    func owned(_ transactions: [Transaction], _ statuses: [Product.SubscriptionInfo.Status] = []) -> CustomerEntitlements {
        CustomerEntitlements(transactions: transactions.map(VerificationResult.verified), statuses: statuses, now: now)
    }

    @Test func nonConsumableIsOwnedUntilRefunded() {
        #expect(owned([transaction(1, Catalog.lifetime)]).purchasedProductIDs == ["pro.lifetime"])
        #expect(owned([transaction(1, Catalog.lifetime, revoked: true)]).purchasedProductIDs.isEmpty)
    }

    @Test func unverifiedPurchasesNeverEntitle() {
        let ledger: [VerificationResult<Transaction>] = [
            .unverified(transaction(1, Catalog.lifetime), .invalidSignature),
            .unverified(transaction(2, Catalog.tip), .invalidSignature),
        ]
        let result = CustomerEntitlements(transactions: ledger, statuses: [], now: now)
        #expect(result.purchasedProductIDs.isEmpty)
        #expect(result.consumableCounts.isEmpty)
    }

    @Test(arguments: Product.SubscriptionInfo.RenewalState.allCases)
    func autoRenewableEntitlesOnlyWhenSubscribedOrInGrace(state: Product.SubscriptionInfo.RenewalState) {
        let bought = transaction(1, Catalog.basic, expiresIn: state == .subscribed ? hour : -hour)
        let result = owned([bought], [status(state, bought)])
        let entitled = state == .subscribed || state == .inGracePeriod
        #expect(result.purchasedProductIDs == (entitled ? ["pass.basic"] : []))
        #expect(result.subscriptionGroup("pass").currentProductID == (entitled ? "pass.basic" : nil))
    }

    @Test func gracePeriodEndsAtItsExpirationDate() {
        let bought = transaction(1, Catalog.basic, expiresIn: -hour)
        #expect(owned([bought], [status(.inGracePeriod, bought, graceEndsIn: hour)]).purchasedProductIDs == ["pass.basic"])
        #expect(owned([bought], [status(.inGracePeriod, bought, graceEndsIn: 0)]).purchasedProductIDs.isEmpty)
    }

    @Test func refundedUpgradedOrUnverifiedSubscriptionsDoNotEntitleEvenIfSubscribed() {
        let refunded = transaction(1, Catalog.basic, expiresIn: hour, revoked: true)
        let upgraded = transaction(2, Catalog.basic, expiresIn: hour, upgraded: true)
        let unsigned = transaction(3, Catalog.basic, expiresIn: hour)
        #expect(owned([refunded], [status(.subscribed, refunded)]).purchasedProductIDs.isEmpty)
        #expect(owned([upgraded], [status(.subscribed, upgraded)]).purchasedProductIDs.isEmpty)
        #expect(owned([unsigned], [status(.subscribed, unsigned, verified: false)]).purchasedProductIDs.isEmpty)
    }

    @Test func autoRenewableWithoutAStatusDoesNotEntitle() {
        #expect(owned([transaction(1, Catalog.basic, expiresIn: hour)]).purchasedProductIDs.isEmpty)
    }

    @Test func nonRenewingEntitlesUntilItExpires() {
        #expect(owned([transaction(1, Catalog.season, expiresIn: hour)]).purchasedProductIDs == ["season.pass"])
        #expect(owned([transaction(1, Catalog.season, expiresIn: 0)]).purchasedProductIDs.isEmpty)
        #expect(owned([transaction(1, Catalog.season, expiresIn: hour, revoked: true)]).purchasedProductIDs.isEmpty)
        #expect(owned([transaction(1, Catalog.season)]).purchasedProductIDs == ["season.pass"], "no expiration date: no end")
    }

    @Test func latestNonRenewingPurchaseDecides() {
        let old = transaction(1, Catalog.season, at: -40 * 24 * hour, expiresIn: -10 * 24 * hour)
        let renewed = transaction(2, Catalog.season, at: -hour, expiresIn: 29 * 24 * hour)
        let result = owned([old, renewed])
        #expect(result.transactions["season.pass"]?.id == 2)
    }

    @Test func consumablesNeverEntitleButAreCountedWithoutRefunds() {
        let result = owned([
            transaction(1, Catalog.tip, quantity: 2),
            transaction(2, Catalog.tip, quantity: 3),
            transaction(3, Catalog.tip, quantity: 5, revoked: true),
        ])
        #expect(result.purchasedProductIDs.isEmpty)
        #expect(result.consumableCounts == ["tip.small": 5])
    }

    @Test func introOfferIsOncePerGroup() {
        #expect(owned([]).subscriptionGroup("pass").isEligibleForIntroOffer)
        #expect(owned([transaction(1, Catalog.lifetime)]).subscriptionGroup("pass").isEligibleForIntroOffer)
        let lapsed = transaction(1, Catalog.basic, at: -90 * 24 * hour, expiresIn: -60 * 24 * hour)
        #expect(!owned([lapsed], [status(.expired, lapsed)]).subscriptionGroup("pass").isEligibleForIntroOffer)
        let refunded = transaction(1, Catalog.premium, expiresIn: hour, revoked: true)
        #expect(!owned([refunded], [status(.revoked, refunded)]).subscriptionGroup("pass").isEligibleForIntroOffer)
        #expect(owned([lapsed]).subscriptionGroup("other.group").isEligibleForIntroOffer)
    }

    @Test func groupShowsTheRenewalPreference() {
        let premium = transaction(1, Catalog.premium, expiresIn: hour)
        let downgrading = owned([premium], [status(.subscribed, premium, renewsAs: "pass.basic")]).subscriptionGroup("pass")
        #expect(downgrading.currentProductID == "pass.premium")
        #expect(downgrading.autoRenewPreference == "pass.basic")
        let cancelled = owned([premium], [status(.subscribed, premium, willAutoRenew: false)]).subscriptionGroup("pass")
        #expect(cancelled.currentProductID == "pass.premium")
        #expect(cancelled.autoRenewPreference == nil)
    }

    @Test func buyingAgainGetsNothingNewOnlyForAnOwnedItemOrAPlanRenewingIntoItself() {
        let lifetime = transaction(1, Catalog.lifetime)
        let premium = transaction(2, Catalog.premium, expiresIn: 30 * 24 * hour)
        let renewing = owned([lifetime, premium], [status(.subscribed, premium)])
        #expect(renewing.alreadyPurchased(Catalog.lifetime) == lifetime)
        #expect(renewing.alreadyPurchased(Catalog.premium) == premium)
        #expect(renewing.alreadyPurchased(Catalog.basic) == nil, "another plan of the group is a change of plan")
        #expect(renewing.alreadyPurchased(Catalog.tip) == nil)

        let cancelled = owned([premium], [status(.subscribed, premium, willAutoRenew: false)])
        #expect(cancelled.alreadyPurchased(Catalog.premium) == nil, "choosing it again turns renewal back on")
        let downgrading = owned([premium], [status(.subscribed, premium, renewsAs: "pass.basic")])
        #expect(downgrading.alreadyPurchased(Catalog.premium) == nil, "choosing it again keeps it")
        #expect(owned([transaction(1, Catalog.lifetime, revoked: true)]).alreadyPurchased(Catalog.lifetime) == nil)
    }
}
