import Foundation
import StorefrontModel

/// The transaction manager's rows and actions over the store's own controls, so the
/// operator's screen (`storefront run --transaction-manager`) does exactly what the
/// commands `refund`, `approve`, `expire`, `renew`, `price-increase` and `extend` do.
extension LocalStore: TransactionManaging {
    public nonisolated var refundReasons: [String] { RefundRequest.Reason.allCases.map(\.rawValue) }

    /// Every transaction of the customer, newest first, then the requests waiting.
    public func managedItems() async throws -> [ManagedItem] {
        try await recordDueRenewals()
        let now = try await storeNow()
        let chains = try await allChains()
        let latest = Dictionary(chains.map { ($0.current.id, $0) }, uniquingKeysWith: { first, _ in first })
        let awaitingDecision = try await ledger.refundRequestedIDs()
        var items: [ManagedItem] = []
        for entry in try await ledger.transactions() {
            let transaction = verificationResult(of: entry).unsafePayloadValue
            let chain = latest[entry.id]
            var states: [ManagedItem.State] = []
            if transaction.ownershipType == .familyShared { states.append(.familyShared) }
            states.append(transaction.originalID == transaction.id ? .purchased : .renewed)
            if transaction.isUpgraded { states.append(.upgraded) }
            if transaction.revocationDate != nil {
                states.append(transaction.revocationType == .familyRevocation ? .revoked : .refunded)
            } else if awaitingDecision.contains(entry.id) {
                states.append(.refundRequested)
            }
            if let chain, chain.isStanding {
                switch chain.status(at: now, rules: renewalRules(for: chain)).state {
                case .expired: states.append(.expired)
                case .inBillingRetryPeriod: states.append(.inBillingRetry)
                case .inGracePeriod: states.append(.inGracePeriod)
                default: break
                }
                if chain.awaitsPriceConsent { states.append(.priceConsentPending) }
            } else if chain == nil, let expiration = transaction.expirationDate, expiration <= now, transaction.revocationDate == nil {
                states.append(.expired)
            }
            items.append(ManagedItem(
                kind: .transaction, recordID: entry.id,
                originalTransactionID: transaction.productType == .autoRenewable ? entry.transaction.originalID : nil,
                productID: transaction.productID, productType: transaction.productType, date: transaction.purchaseDate,
                states: states, isLatestInChain: chain != nil
            ))
        }
        // One table holds both: a purchase stopped for the customer when interrupted
        // purchases are on and Ask to Buy is not.
        let interrupted = controls.interruptedPurchases && !controls.askToBuy
        let requests = try await pendingRequests().map { request in
            ManagedItem(
                kind: interrupted ? .interruptedPurchase : .askToBuy, recordID: request.id, productID: request.productID,
                productType: catalog.product(id: request.productID)?.type ?? .nonConsumable, date: request.createdAt,
                states: [interrupted ? .interrupted : .askToBuy]
            )
        }
        return Array(items.reversed()) + Array(requests.reversed())
    }

    /// Does `action` through the control of the same name; returns the revocation type, the
    /// new expiry or the price recorded, for the manager's one-line result.
    public func perform(_ action: TransactionManagerAction, on item: ManagedItem) async throws -> String? {
        do {
            return try await control(action, on: item)
        } catch let error as LocalizedError {
            throw error
        } catch {
            // The store's own words, as the commands print them, not Foundation's stand-in.
            throw StoreControlRefusal(message: String(describing: error))
        }
    }

    private func control(_ action: TransactionManagerAction, on item: ManagedItem) async throws -> String? {
        let id = item.recordID
        switch action {
        case .requestRefund(let reason):
            return try await requestRefund(transactionID: id, reason: RefundRequest.Reason(rawValue: reason) ?? .other).reason.rawValue
        case .grantRefund:
            return revocation(of: try await decideRefund(transactionID: id, .grant))
        case .grantProratedRefund(let percentage):
            return revocation(of: try await decideRefund(transactionID: id, .grantProrated(percentage: percentage)))
        case .declineRefund:
            try await decideRefund(transactionID: id, .decline)
            return "REFUND_DECLINED"
        case .reverseRefund:
            try await reverseRefund(transactionID: id)
            return "REFUND_REVERSED"
        case .approve, .resolve:
            return "\(try await approveAskToBuy(requestID: id).id)"
        case .decline:
            try await declineAskToBuy(requestID: id)
            return nil
        case .expire:
            try await expireSubscription(productID: item.productID)
            return nil
        case .renewNow, .failNextRenewal:
            let entry = try await forceRenewalOfSubscription(transactionID: id, billingFails: action == .failNextRenewal)
            return entry.transaction.expirationDate.map { $0.formatted(Date.ISO8601FormatStyle()) }
        case .recoverBilling:
            let entry = try await resolveBillingIssue(forTransaction: id)
            return entry.transaction.expirationDate.map { $0.formatted(Date.ISO8601FormatStyle()) }
        case .raisePrice(let price, let requiresConsent):
            let raised = try await increasePrice(of: item.productID, to: price, requiresConsent: requiresConsent)
            return "\(price)" + (raised.first.map { " \($0.status.rawValue)" } ?? "")
        case .extendRenewalDate(let days, let code):
            let extended = try await extendRenewalDate(
                originalTransactionID: item.originalTransactionID ?? id, byDays: days,
                reason: RenewalExtension.Reason(rawValue: code) ?? .undeclared, requestIdentifier: UUID().uuidString.lowercased()
            )
            if let refusal = extended.refusal { throw RenewalExtensionRefused(refusal: refusal) }
            return extended.effectiveDate.map { $0.formatted(Date.ISO8601FormatStyle()) }
        }
    }

    private func revocation(of entry: LedgerEntry) -> String? {
        let transaction = verificationResult(of: entry).unsafePayloadValue
        guard let type = transaction.revocationType else { return nil }
        // Milliunits of a percent: 40000 is 40%.
        guard let percentage = entry.transaction.revocationPercentage else { return type.rawValue }
        return "\(type.rawValue) \(Decimal(percentage) / 1000)%"
    }
}

/// A control's refusal in the store's words, for an error that has no localized description.
struct StoreControlRefusal: LocalizedError {
    let message: String
    var errorDescription: String? { message }
}

/// An extension the App Store refused, in the words `extend` prints.
struct RenewalExtensionRefused: LocalizedError {
    let refusal: RenewalExtension.Refusal
    var errorDescription: String? { "not extended: \(refusal.rawValue)" }
}
