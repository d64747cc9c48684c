import Foundation
import LocalStore

/// Get Transaction History v2, Get Transaction Info and Get Refund History v2.
extension AppStoreServer {
    struct HistoryResponse: Encodable {
        let revision: String
        let hasMore: Bool
        let bundleId: String
        let environment: String
        let signedTransactions: [String]
    }

    struct TransactionInfoResponse: Encodable {
        let signedTransactionInfo: String
    }

    struct RefundHistoryResponse: Encodable {
        let signedTransactions: [String]
        let revision: String
        let hasMore: Bool
    }

    /// `GET /inApps/v2/history/{transactionId}`: the customer's transactions, 20 a page, in
    /// the order they were last signed (a refund moves a transaction to the end).
    func transactionHistory(_ id: String, _ request: APIRequest) async throws(APIError) -> APIResponse {
        let filter = try HistoryFilter(request)
        let revision = try request.value("revision", or: .invalidRequestRevision)
        let customer = try await customer(ofTransaction: id)
        let page = try Page.of(
            sorted: customer.historyOrder, matching: filter.matches, key: { ($0.signedDate.milliseconds, $0.id) },
            after: revision, descending: filter.descending
        )
        return .ok(HistoryResponse(
            revision: page.revision, hasMore: page.hasMore, bundleId: settings.app.bundleID,
            environment: settings.app.environment, signedTransactions: try signed(page.items)
        ))
    }

    /// `GET /inApps/v1/transactions/{transactionId}`: one transaction, signed.
    func transactionInfo(_ id: String) async throws(APIError) -> APIResponse {
        let customer = try await customer(ofTransaction: id)
        guard let transaction = customer.transactions.first(where: { String($0.id) == id }) else {
            throw .transactionIDNotFound
        }
        return .ok(TransactionInfoResponse(signedTransactionInfo: try signedTransaction(transaction)))
    }

    /// `GET /inApps/v2/refund/lookup/{transactionId}`: the customer's refunded and revoked
    /// transactions, in the order they were revoked, 20 a page.
    func refundHistory(_ id: String, _ request: APIRequest) async throws(APIError) -> APIResponse {
        let revision = try request.value("revision", or: .invalidRequestRevision)
        let customer = try await customer(ofTransaction: id)
        let page = try Page.of(
            // Refunds only: a Family Sharing revocation is not one, and a reversed refund is gone.
            customer.transactions.filter { $0.revocationDate != nil && $0.revocationType != .familyRevoke },
            key: { (($0.revocationDate ?? $0.signedDate).milliseconds, $0.id) }, after: revision, descending: false
        )
        return .ok(RefundHistoryResponse(
            signedTransactions: try signed(page.items), revision: page.revision, hasMore: page.hasMore
        ))
    }

    func signed(_ transactions: [LedgerTransaction]) throws(APIError) -> [String] {
        var signed: [String] = []
        for transaction in transactions {
            signed.append(try signedTransaction(transaction))
        }
        return signed
    }
}
