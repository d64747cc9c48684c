import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel

/// The App Store Server API over the store's ledger: each request is authenticated, rate
/// limited, routed to its endpoint, and answered with Apple's shapes and error codes. It
/// knows no socket; `StoreServerHTTP` carries its requests and responses.
///
/// Every customer of the ledger is served: a transaction ID (or an order ID) names its
/// customer, and only that customer's rows answer.
///
/// ```swift
/// let server = AppStoreServer(settings: AppStoreServer.Settings(
///     app: ServedApp(bundleID: "com.example.birds"), catalog: catalog, ledger: ledger,
///     keys: try APIKeyFile.load(from: keysFile), signer: PayloadSigner(key: key)
/// ))
/// let response = await server.respond(to: APIRequest(method: "GET", path: "/inApps/v1/transactions/1",
///                                                     authorization: "Bearer " + token))
/// ```
public final class AppStoreServer: Sendable {
    /// What a server is made of.
    public struct Settings: Sendable {
        public var app: ServedApp
        public var catalog: Catalog
        /// The ledger, any account: each request picks its customer's rows.
        public var ledger: Ledger
        public var keys: [APIKey]
        public var signer: PayloadSigner
        /// The store's rules (time rate, billing retry, grace period); latency and simulated
        /// errors are the device's and are dropped.
        public var controls: StoreControls
        public var rateLimit: RateLimit
        /// Where notifications are POSTed.
        public var notificationURLs: [URL]
        /// The store's clock, for tokens, rate limits, notifications and customers' store time.
        public var clock: StoreClock

        public init(
            app: ServedApp, catalog: Catalog, ledger: Ledger, keys: [APIKey], signer: PayloadSigner,
            controls: StoreControls = StoreControls(), rateLimit: RateLimit = RateLimit(requests: 100, window: 1),
            notificationURLs: [URL] = [], clock: StoreClock = .live
        ) {
            self.app = app
            self.catalog = catalog
            self.ledger = ledger
            self.keys = keys
            self.signer = signer
            var controls = controls
            controls.latency = .none
            controls.failures = [:]
            self.controls = controls
            self.rateLimit = rateLimit
            self.notificationURLs = notificationURLs
            self.clock = clock
        }
    }

    public let settings: Settings
    let gate: TokenGate
    let limiter: RateLimiter
    let notifications: NotificationLog
    let notificationDelivery: any NotificationDelivery
    let sweeps = SweepSchedule()
    let customers = CustomerCache()
    /// Transaction IDs' owners, as found: an ID never changes hands (a caller checks the
    /// owner still has it).
    let owners = BoundedCache<Int64, CustomerAccount>(capacity: 65_536)
    let signatures = BoundedCache<SignedRow, String>(capacity: 100_000)
    /// App transaction IDs' owners, as found (`owner(ofAppTransaction:)`).
    let appTransactionOwners = BoundedCache<String, CustomerAccount>(capacity: 65_536)

    /// - Parameter delivery: how notifications reach `notificationURLs` (an HTTP client).
    public init(settings: Settings, delivery: any NotificationDelivery) {
        self.settings = settings
        gate = TokenGate(keys: settings.keys, bundleID: settings.app.bundleID)
        limiter = RateLimiter(limit: settings.rateLimit)
        notifications = NotificationLog(
            delivery: delivery, urls: settings.notificationURLs,
            retryDelays: Self.retryHours.map { settings.controls.timeRate.scaled($0 * 3600) }
        )
        notificationDelivery = delivery
    }

    /// The response to `request`: 401 with no body for a token that does not pass, 429 past
    /// the key's rate limit, else the endpoint's answer or Apple's error.
    public func respond(to request: APIRequest) async -> APIResponse {
        let now = settings.clock.now
        guard case .success(let key) = gate.check(authorization: request.authorization, now: now) else {
            return .unauthorized
        }
        guard limiter.admit(keyID: key.keyID, at: now) else { return APIResponse(.rateLimitExceeded) }
        guard let endpoint = Endpoint(method: request.method, path: request.path) else {
            return APIResponse(status: 404)
        }
        do {
            return try await answer(endpoint, request)
        } catch {
            return APIResponse(error)
        }
    }

    private func answer(_ endpoint: Endpoint, _ request: APIRequest) async throws(APIError) -> APIResponse {
        switch endpoint {
        case .transactionHistory(let id): try await transactionHistory(id, request)
        case .transactionInfo(let id): try await transactionInfo(id)
        case .subscriptionStatuses(let id): try await subscriptionStatuses(id, request)
        case .orderLookup(let orderID): try await lookUpOrder(orderID)
        case .refundHistory(let id): try await refundHistory(id, request)
        case .consumption(let id): try await sendConsumption(id, request)
        case .requestTestNotification: try await requestTestNotification()
        case .testNotificationStatus(let token): try await testNotificationStatus(token)
        case .notificationHistory: try await notificationHistory(request)
        case .extendRenewalDate(let id): try await extendRenewalDate(id, request)
        case .massExtendRenewalDate: try await massExtendRenewalDate(request)
        case .massExtensionStatus(let productID, let requestIdentifier):
            try await massExtensionStatus(productID: productID, requestIdentifier: requestIdentifier)
        case .setAppAccountToken(let id): try await setAppAccountToken(id, request)
        case .appTransactionInfo(let id): try await appTransactionInfo(id)
        case .finishTransaction(let id): try await finishTransaction(id)
        }
    }

    /// A transaction's JWS: the same for as long as the ledger row is (its `signedDate` is the
    /// payload's), so it is signed once.
    func signedTransaction(_ transaction: LedgerTransaction) throws(APIError) -> String {
        let key = SignedRow(id: transaction.id, signedDate: transaction.signedDate.milliseconds)
        if let jws = signatures.value(for: key) { return jws }
        let jws = try sign(TransactionPayload(transaction, app: settings.app, signedDate: transaction.signedDate))
        signatures.keep(jws, for: key)
        return jws
    }

    /// Signs `payload`; a failure to sign is the server's own, a retryable 500.
    func sign(_ payload: some Encodable) throws(APIError) -> String {
        do {
            return try settings.signer.sign(payload)
        } catch {
            throw .generalInternalRetryable
        }
    }
}

/// The endpoints, by Apple's method and path.
enum Endpoint: Equatable {
    case transactionHistory(String)
    case transactionInfo(String)
    case subscriptionStatuses(String)
    case orderLookup(String)
    case refundHistory(String)
    case consumption(String)
    case requestTestNotification
    case testNotificationStatus(String)
    case notificationHistory
    case extendRenewalDate(String)
    case massExtendRenewalDate
    case massExtensionStatus(productID: String, requestIdentifier: String)
    case setAppAccountToken(String)
    case appTransactionInfo(String)
    case finishTransaction(String)

    init?(method: String, path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { String($0).removingPercentEncoding ?? String($0) }
        guard parts.count >= 3, parts[0] == "inApps" else { return nil }
        switch (method, Array(parts.dropFirst())) {
        case ("GET", let p) where p.count == 3 && p[0] == "v2" && p[1] == "history": self = .transactionHistory(p[2])
        case ("GET", let p) where p.count == 3 && p[0] == "v1" && p[1] == "transactions": self = .transactionInfo(p[2])
        case ("GET", let p) where p.count == 3 && p[0] == "v1" && p[1] == "subscriptions": self = .subscriptionStatuses(p[2])
        case ("GET", let p) where p.count == 3 && p[0] == "v1" && p[1] == "lookup": self = .orderLookup(p[2])
        case ("GET", let p) where p.count == 4 && p[0] == "v2" && p[1] == "refund" && p[2] == "lookup": self = .refundHistory(p[3])
        case ("PUT", let p) where p.count == 4 && p[0] == "v2" && p[1] == "transactions" && p[2] == "consumption":
            self = .consumption(p[3])
        case ("POST", ["v1", "notifications", "test"]): self = .requestTestNotification
        case ("GET", let p) where p.count == 4 && p[0] == "v1" && p[1] == "notifications" && p[2] == "test":
            self = .testNotificationStatus(p[3])
        case ("POST", ["v1", "notifications", "history"]): self = .notificationHistory
        case ("POST", ["v1", "subscriptions", "extend", "mass"]): self = .massExtendRenewalDate
        case ("PUT", let p) where p.count == 4 && p[0] == "v1" && p[1] == "subscriptions" && p[2] == "extend":
            self = .extendRenewalDate(p[3])
        case ("GET", let p) where p.count == 6 && p[0] == "v1" && p[1] == "subscriptions" && p[2] == "extend" && p[3] == "mass":
            self = .massExtensionStatus(productID: p[4], requestIdentifier: p[5])
        case ("PUT", let p) where p.count == 4 && p[0] == "v1" && p[1] == "transactions" && p[3] == "appAccountToken":
            self = .setAppAccountToken(p[2])
        case ("GET", let p) where p.count == 4 && p[0] == "v1" && p[1] == "transactions" && p[2] == "appTransactions":
            self = .appTransactionInfo(p[3])
        case ("POST", let p) where p.count == 4 && p[0] == "v1" && p[1] == "transactions" && p[3] == "finish":
            self = .finishTransaction(p[2])
        default: return nil
        }
    }
}
