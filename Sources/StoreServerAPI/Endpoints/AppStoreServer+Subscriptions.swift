import Foundation
import LocalStore
import StorefrontModel

/// Get All Subscription Statuses.
extension AppStoreServer {
    struct StatusResponse: Encodable {
        let environment: String
        let bundleId: String
        let data: [GroupItem]
    }

    struct GroupItem: Encodable {
        let subscriptionGroupIdentifier: String
        let lastTransactions: [LastTransaction]
    }

    struct LastTransaction: Encodable {
        let status: Int
        let originalTransactionId: String
        let signedTransactionInfo: String
        let signedRenewalInfo: String
    }

    /// A lapse shorter than this keeps `recentSubscriptionStartDate` where it was (Apple's rule).
    static let lapseThatRestarts: TimeInterval = 60 * 86_400

    /// `GET /inApps/v1/subscriptions/{transactionId}?status=1&status=…`: per subscription
    /// group, each chain's status (1 active … 5 revoked), latest transaction and renewal info,
    /// as the store computes them at store time now (renewals that fell due are recorded first).
    func subscriptionStatuses(_ id: String, _ request: APIRequest) async throws(APIError) -> APIResponse {
        var wanted: Set<Int> = []
        for text in request.values("status") {
            guard let status = Int(text), (1...5).contains(status) else { throw .invalidStatus }
            wanted.insert(status)
        }
        let customer = try await customer(ofTransaction: id)
        let groups = Set(customer.transactions.filter { $0.productType == .autoRenewable }.compactMap(\.subscriptionGroupID))
        var data: [GroupItem] = []
        for group in groups.sorted() {
            let statuses: [Product.SubscriptionInfo.Status]
            do {
                statuses = try await customer.store.subscriptionStatuses(for: group)
            } catch {
                throw .generalInternalRetryable
            }
            var items: [LastTransaction] = []
            for status in statuses {
                guard case .verified(let shown) = status.transaction, case .verified(let renewal) = status.renewalInfo,
                      let current = customer.transactions.first(where: { $0.id == shown.id }),
                      wanted.isEmpty || wanted.contains(status.state.appStoreStatus)
                else { continue }
                items.append(LastTransaction(
                    status: status.state.appStoreStatus, originalTransactionId: String(current.originalID),
                    signedTransactionInfo: try signedTransaction(current),
                    signedRenewalInfo: try signedRenewalInfo(renewal, current: current, customer: customer)
                ))
            }
            if !items.isEmpty { data.append(GroupItem(subscriptionGroupIdentifier: group, lastTransactions: items)) }
        }
        return .ok(StatusResponse(environment: settings.app.environment, bundleId: settings.app.bundleID, data: data))
    }

    /// `current`'s chain's renewal info, signed.
    func signedRenewalInfo(
        _ renewal: Product.SubscriptionInfo.RenewalInfo, current: LedgerTransaction, customer: Customer
    ) throws(APIError) -> String {
        let chain = customer.transactions.filter { $0.originalID == current.originalID }
        let renewsAs = renewal.autoRenewPreference ?? current.productID
        // An offer the renewal keeps, or a price increase, bills its own price.
        let listPrice = renewsAs == current.productID ? current.price : customer.store.catalog.product(id: renewsAs)?.price
        let price = renewal.offer == nil && renewal.priceIncreaseStatus == .noIncreasePending ? listPrice : renewal.renewalPrice
        return try sign(RenewalPayload(
            renewal: renewal, current: current, chainStart: Self.recentStart(of: chain), renewalPrice: price,
            app: settings.app, signedDate: customer.now
        ))
    }

    /// The start of the latest run of periods with no lapse of 60 days or more.
    static func recentStart(of chain: [LedgerTransaction]) -> Date {
        let periods = chain.sorted { $0.purchaseDate < $1.purchaseDate }
        guard var start = periods.last?.purchaseDate else { return Date(timeIntervalSince1970: 0) }
        for (earlier, later) in zip(periods.dropLast(), periods.dropFirst()).reversed() {
            let lapse = later.purchaseDate.timeIntervalSince(earlier.expirationDate ?? earlier.purchaseDate)
            if lapse >= lapseThatRestarts { break }
            start = earlier.purchaseDate
        }
        return start
    }
}
