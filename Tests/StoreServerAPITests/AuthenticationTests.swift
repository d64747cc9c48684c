import Crypto
import Foundation
import LocalStore
import StoreServerAPI
import Testing

/// Tokens as Apple checks them: only a registered key's ES256 token for this app, not
/// expired and not over an hour ahead, gets data; the rest get 401 and an empty body.
@Suite struct AuthenticationTests {
    @Test func aGoodTokenGetsTheTransaction() async throws {
        let fixture = try ServerFixture()
        let id = try await fixture.buy("com.example.backyardbirds.food.nectar")
        let answer = try await fixture.call("GET", "/inApps/v1/transactions/\(id)")
        #expect(answer.status == 200)
        #expect(try ServerFixture.payload(answer.json["signedTransactionInfo"])["transactionId"] as? String == String(id))
    }

    /// Claims that spoil a token, by name.
    static func badClaims(_ label: String) -> [String: Any?] {
        let now = Int(Date().timeIntervalSince1970)
        return switch label {
        case "expired": ["exp": now - 120, "iat": now - 600]
        case "over an hour ahead": ["exp": now + 7300, "iat": nil]
        case "living over an hour": ["iat": now - 10, "exp": now + 3595]
        case "another app": ["bid": "com.example.other"]
        case "another audience": ["aud": "appstoreconnect-v2"]
        case "another issuer": ["iss": "issuer-2"]
        default: ["exp": nil]
        }
    }

    @Test(arguments: ["expired", "over an hour ahead", "living over an hour", "another app", "another audience", "another issuer", "no expiry"])
    func aTokenWithBadClaimsGets401AndNoData(_ label: String) async throws {
        let claims = Self.badClaims(label)
        let fixture = try ServerFixture()
        let id = try await fixture.buy("com.example.backyardbirds.food.nectar")
        let answer = try await fixture.call("GET", "/inApps/v1/transactions/\(id)", authorization: "Bearer " + fixture.token(claims))
        #expect(answer.status == 401, "\(label)")
        #expect(answer.json.isEmpty, "\(label)")
    }

    @Test func forgedAndMalformedTokensGet401() async throws {
        let fixture = try ServerFixture()
        let id = try await fixture.buy("com.example.backyardbirds.food.nectar")
        let good = try fixture.token()
        let parts = good.split(separator: ".").map(String.init)
        let otherClaims = ServerFixture.base64URL(try JSONSerialization.data(withJSONObject: [
            "iss": "issuer-1", "aud": "appstoreconnect-v1", "bid": "com.example.other", "exp": Int(Date().timeIntervalSince1970) + 60,
        ]))
        let headers: [String?] = [
            nil, "", "Bearer", "Bearer ", "Basic abc", "Bearer a.b", "Bearer \(good).x",
            "Bearer " + (try fixture.token(signedWith: P256.Signing.PrivateKey())),  // the wrong key
            "Bearer " + (try fixture.token(keyID: "KEY2")),  // an unregistered key
            "Bearer \(parts[0]).\(otherClaims).\(parts[2])",  // claims swapped under a good signature
            "Bearer " + good.replacingOccurrences(of: "eyJ", with: "eyK"),
        ]
        for header in headers {
            let response = await fixture.server.respond(to: .init(method: "GET", path: "/inApps/v1/transactions/\(id)", authorization: header))
            #expect(response.status == 401, "\(header ?? "no header")")
            #expect(response.body.isEmpty)
        }
    }

    @Test func aKeyPastItsRateLimitGets429WithApplesBody() async throws {
        let fixture = try ServerFixture(rateLimit: RateLimit(requests: 3, window: 3600))
        let id = try await fixture.buy("com.example.backyardbirds.food.nectar")
        for _ in 0..<3 {
            #expect(try await fixture.call("GET", "/inApps/v1/transactions/\(id)").status == 200)
        }
        let limited = try await fixture.call("GET", "/inApps/v1/transactions/\(id)")
        #expect(limited.status == 429)
        #expect(limited.json["errorCode"] as? Int == 4_290_000)
        #expect(limited.json["errorMessage"] is String)
    }

    @Test func rateLimitsParseAndRefuseNonsense() throws {
        #expect(try RateLimit(parsing: "50/1m") == RateLimit(requests: 50, window: 60))
        #expect(try RateLimit(parsing: "3600/h") == RateLimit(requests: 3600, window: 3600))
        // Written as it is read, so `serve --help` shows the default as the user would type it.
        for text in ["100/1s", "50/1m", "3600/1h", "10/90s", "5/2.5s"] {
            #expect(try RateLimit(parsing: text).description == text)
        }
        for text in ["", "50", "0/1s", "-1/1s", "5/1d", "five/1s", "5/0s"] {
            #expect(throws: APIKeyError.self, "\(text)") { try RateLimit(parsing: text) }
        }
    }
}
