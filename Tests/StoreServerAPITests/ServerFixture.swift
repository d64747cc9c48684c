import Crypto
import Foundation
import LocalStore
import StoreCatalog
import StoreServerAPI
import StorefrontTestSupport
import Synchronization

/// A server over an in-memory ledger with one registered API key, and the tokens a
/// back office would sign with it.
struct ServerFixture {
    static let bundleID = "com.example.birds"
    let ledger: Ledger
    let catalog: Catalog
    let clientKey = P256.Signing.PrivateKey()
    let server: AppStoreServer
    let delivered = DeliveredNotifications()

    init(catalog name: String = "BackyardBirds", rateLimit: RateLimit = RateLimit(requests: 1000, window: 1), notify: [URL] = []) throws {
        catalog = try CatalogLoader.load(contentsOf: PackagePaths.catalogs.appendingPathComponent("\(name).storekit"))
        ledger = try Ledger(location: .inMemory)
        let key = try APIKey(issuerID: "issuer-1", keyID: "KEY1", publicKey: clientKey.publicKey)
        server = AppStoreServer(
            settings: AppStoreServer.Settings(
                app: ServedApp(bundleID: Self.bundleID), catalog: catalog, ledger: ledger, keys: [key],
                signer: PayloadSigner(key: P256.Signing.PrivateKey()), rateLimit: rateLimit, notificationURLs: notify
            ),
            delivery: delivered
        )
    }

    /// The store `account` shops in.
    func store(_ account: String) throws -> LocalStore {
        LocalStore(catalog: catalog, ledger: ledger, account: try CustomerAccount(account))
    }

    /// Buys `productID` as `account`; the new transaction's ID.
    @discardableResult
    func buy(_ productID: String, as account: String = "alice") async throws -> Int64 {
        guard case .success(.verified(let transaction)) = try await store(account).buy(productID) else {
            throw FixtureError(reason: "\(productID) was not bought")
        }
        return Int64(transaction.id)
    }

    /// A token as Apple's client makes it, with `claims` changed or removed (nil).
    func token(
        _ changes: [String: Any?] = [:], keyID: String = "KEY1", signedWith key: P256.Signing.PrivateKey? = nil
    ) throws -> String {
        var claims: [String: Any] = [
            "iss": "issuer-1", "aud": "appstoreconnect-v1", "bid": Self.bundleID,
            "iat": Int(Date().timeIntervalSince1970), "exp": Int(Date().timeIntervalSince1970) + 300,
        ]
        for (name, value) in changes { claims[name] = value }
        let header = try JSONSerialization.data(withJSONObject: ["alg": "ES256", "kid": keyID, "typ": "JWT"])
        let input = Self.base64URL(header) + "." + Self.base64URL(try JSONSerialization.data(withJSONObject: claims))
        let signature = try (key ?? clientKey).signature(for: Data(input.utf8))
        return input + "." + Self.base64URL(signature.rawRepresentation)
    }

    /// GET (or another method) `path` with a good token unless `authorization` says otherwise.
    func call(
        _ method: String = "GET", _ path: String, query: [(name: String, value: String)] = [], body: String = "",
        authorization: String? = nil
    ) async throws -> (status: Int, json: [String: Any]) {
        let response = await server.respond(to: APIRequest(
            method: method, path: path, query: query, authorization: try authorization ?? "Bearer " + token(),
            body: Data(body.utf8)
        ))
        let json = response.body.isEmpty ? [:] : (try JSONSerialization.jsonObject(with: response.body) as? [String: Any] ?? [:])
        return (response.status, json)
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The payload of a compact JWS, as JSON.
    static func payload(_ jws: Any?) throws -> [String: Any] {
        guard let jws = jws as? String else { throw FixtureError(reason: "no JWS") }
        var segment = jws.split(separator: ".")[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        segment += String(repeating: "=", count: (4 - segment.count % 4) % 4)
        guard let data = Data(base64Encoded: segment), let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw FixtureError(reason: "not a JWS payload") }
        return object
    }
}

struct FixtureError: Error {
    let reason: String
}

/// Notifications "delivered", kept in order.
final class DeliveredNotifications: NotificationDelivery, Sendable {
    private let bodies = Mutex<[(URL, Data)]>([])

    func post(_ body: Data, to url: URL) async -> SendAttemptResult {
        bodies.withLock { $0.append((url, body)) }
        return .success
    }

    var count: Int { bodies.withLock { $0.count } }
}
