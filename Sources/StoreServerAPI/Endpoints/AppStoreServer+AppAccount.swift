import Foundation
import LocalStore
import StorefrontModel

/// Set App Account Token, Get App Transaction Info and Finish Transaction.
extension AppStoreServer {
    struct UpdateAppAccountTokenRequest: Decodable {
        let appAccountToken: String?
    }

    struct AppTransactionInfoResponse: Encodable {
        let signedAppTransactionInfo: String
    }

    /// `PUT /inApps/v1/transactions/{originalTransactionId}/appAccountToken`: every transaction
    /// of the purchase, and so its renewal info and later renewals, carries the new token.
    func setAppAccountToken(_ id: String, _ request: APIRequest) async throws(APIError) -> APIResponse {
        let body = try APIJSON.decode(UpdateAppAccountTokenRequest.self, from: request.body)
        guard let token = body.appAccountToken.flatMap(UUID.init(uuidString:)) else { throw .invalidAppAccountTokenUUID }
        let customer = try await customer(ofTransactionOrRefusingAppTransaction: id, notFound: .originalTransactionIDNotFound)
        guard let transaction = customer.transactions.first(where: { String($0.id) == id }) else {
            throw .originalTransactionIDNotFound
        }
        guard transaction.originalID == transaction.id else { throw .transactionIDIsNotOriginalTransactionID }
        guard transaction.ownershipType != .familyShared else { throw .familyTransactionNotSupported }
        do {
            _ = try await settings.ledger.scoped(to: transaction.account).setAppAccountToken(token, originalID: transaction.id)
        } catch {
            throw .generalInternalRetryable
        }
        return APIResponse(status: 200)
    }

    /// `GET /inApps/v1/transactions/appTransactions/{anyTransactionId}`: the customer's app
    /// transaction, signed, found from any transaction of theirs or their `appTransactionId`.
    /// The app's first purchase date is the one the app recorded at its first launch; a
    /// customer whose app never asked gets their first purchase's date, recorded from then on.
    func appTransactionInfo(_ id: String) async throws(APIError) -> APIResponse {
        let account: CustomerAccount
        if let owner = try await owner(ofAppTransaction: id) {
            account = owner
        } else {
            account = try await customer(ofTransaction: id).store.account
        }
        let customer = try await customer(account)
        let firstPurchase = customer.transactions.map(\.purchaseDate).min() ?? customer.now
        let purchased: Date
        do {
            purchased = try await settings.ledger.scoped(to: account).appOriginalPurchaseDate(recordingIfAbsent: firstPurchase)
        } catch {
            throw .generalInternalRetryable
        }
        let app = AppTransaction(
            appVersion: settings.controls.appVersion, originalAppVersion: settings.controls.originalAppVersion,
            originalPurchaseDate: purchased, appTransactionID: account.appTransactionID,
            originalPlatform: settings.controls.originalPlatform
        )
        let payload = AppTransactionPayload(settings.app, transaction: app, signedDate: customer.now)
        return .ok(AppTransactionInfoResponse(signedAppTransactionInfo: try sign(payload)))
    }

    /// `POST /inApps/v1/transactions/{transactionId}/finish`: the transaction is finished in the
    /// ledger, so the app no longer gets it among its unfinished transactions.
    func finishTransaction(_ id: String) async throws(APIError) -> APIResponse {
        let customer = try await customer(ofTransactionOrRefusingAppTransaction: id, notFound: .transactionIDNotFound)
        guard let transaction = customer.transactions.first(where: { String($0.id) == id }) else {
            throw .transactionIDNotFound
        }
        do {
            try await settings.ledger.scoped(to: transaction.account).finishTransaction(id: transaction.id)
        } catch {
            throw .generalInternalRetryable
        }
        return APIResponse(status: 200)
    }

    /// The customer whose transaction `text` names, for the endpoints that take no app
    /// transaction ID: `notFound` when no customer has it, Apple's app-transaction error when it
    /// is a customer's `appTransactionId`.
    func customer(ofTransactionOrRefusingAppTransaction text: String, notFound: APIError) async throws(APIError) -> Customer {
        do throws(APIError) {
            return try await customer(ofTransaction: text)
        } catch let error where error == .transactionIDNotFound || error == .invalidTransactionID {
            if try await owner(ofAppTransaction: text) != nil { throw .appTransactionIDNotSupported }
            throw error == .transactionIDNotFound ? notFound : error
        }
    }

    /// The customer whose subscription or purchase began with `text`, for the endpoints that
    /// take an original transaction ID: 404 `originalTransactionIdNotFound` when none did.
    func customer(ofOriginalTransaction text: String) async throws(APIError) -> Customer {
        do throws(APIError) {
            let customer = try await customer(ofTransaction: text)
            guard customer.transactions.contains(where: { String($0.id) == text && $0.originalID == $0.id }) else {
                throw .originalTransactionIDNotFound
            }
            return customer
        } catch let error where error == .transactionIDNotFound {
            throw .originalTransactionIDNotFound
        }
    }

    /// The customer whose `appTransactionId` is `text`, among those with transactions; nil when
    /// it is no one's. Found once, then remembered (an ID never changes hands).
    func owner(ofAppTransaction text: String) async throws(APIError) -> CustomerAccount? {
        guard (1...19).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        if let known = appTransactionOwners.value(for: text) { return known }
        let accounts: [CustomerAccount]
        do {
            accounts = try await settings.ledger.accounts()
        } catch {
            throw .generalInternalRetryable
        }
        guard let owner = accounts.first(where: { $0.appTransactionID == text }) else { return nil }
        appTransactionOwners.keep(owner, for: text)
        return owner
    }
}
