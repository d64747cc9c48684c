import Foundation
import StoreServerAPI
import Testing

/// Test notifications, their status and the notification history.
@Suite struct NotificationEndpointTests {
    let hook = URL(string: "http://127.0.0.1:9/hook")!

    @Test func withNoNotificationURLATestNotificationIsRefused() async throws {
        let fixture = try ServerFixture()
        let answer = try await fixture.call("POST", "/inApps/v1/notifications/test")
        #expect(answer.status == 404)
        #expect(answer.json["errorCode"] as? Int == 4_040_007)
    }

    @Test func aTestNotificationIsSentAndShowsItsAttemptsAndHistory() async throws {
        let fixture = try ServerFixture(notify: [hook])
        let requested = try await fixture.call("POST", "/inApps/v1/notifications/test")
        #expect(requested.status == 200)
        let token = try #require(requested.json["testNotificationToken"] as? String)
        var status = try await fixture.call("GET", "/inApps/v1/notifications/test/\(token)")
        for _ in 0..<500 where (status.json["sendAttempts"] as? [Any])?.isEmpty != false {  // 10 s at least
            try await Task.sleep(for: .milliseconds(20))
            status = try await fixture.call("GET", "/inApps/v1/notifications/test/\(token)")
        }
        let payload = try ServerFixture.payload(status.json["signedPayload"])
        #expect(payload["notificationType"] as? String == "TEST")
        #expect(payload["version"] as? String == "2.0")
        #expect((payload["data"] as? [String: Any])?["bundleId"] as? String == ServerFixture.bundleID)
        let attempts = status.json["sendAttempts"] as? [[String: Any]] ?? []
        #expect(attempts.map { $0["sendAttemptResult"] as? String } == ["SUCCESS"])
        #expect(fixture.delivered.count == 1)

        let now = Int(Date().timeIntervalSince1970 * 1000)
        let history = try await fixture.call(
            "POST", "/inApps/v1/notifications/history", body: #"{"startDate":\#(now - 3_600_000),"endDate":\#(now + 60_000)}"#
        )
        #expect(history.status == 200)
        let items = history.json["notificationHistory"] as? [[String: Any]] ?? []
        #expect(items.map { $0["signedPayload"] as? String } == [status.json["signedPayload"] as? String])
        #expect(history.json["hasMore"] as? Bool == false)
        let failures = try await fixture.call(
            "POST", "/inApps/v1/notifications/history",
            body: #"{"startDate":\#(now - 3_600_000),"endDate":\#(now + 60_000),"onlyFailures":true}"#
        )
        #expect((failures.json["notificationHistory"] as? [Any])?.isEmpty == true)
    }

    @Test func aPurchaseShowsInHistoryBeforeAndAfterItIsDelivered() async throws {
        let fixture = try ServerFixture(notify: [hook])
        let id = try await fixture.buy("com.example.backyardbirds.food.nectar")
        let now = Int(Date().timeIntervalSince1970 * 1000)
        func history() async throws -> [[String: Any]] {
            let answer = try await fixture.call(
                "POST", "/inApps/v1/notifications/history", body: #"{"startDate":\#(now - 3_600_000),"endDate":\#(now + 60_000)}"#
            )
            #expect(answer.status == 200)
            return answer.json["notificationHistory"] as? [[String: Any]] ?? []
        }
        // Not sent yet: signed for the page, with no attempt.
        let waiting = try await history()
        #expect(waiting.count == 1)
        let payload = try ServerFixture.payload(waiting.first?["signedPayload"])
        #expect(payload["notificationType"] as? String == "ONE_TIME_CHARGE")
        let transaction = try ServerFixture.payload((payload["data"] as? [String: Any])?["signedTransactionInfo"])
        #expect(transaction["transactionId"] as? String == String(id))
        #expect((waiting.first?["sendAttempts"] as? [Any])?.isEmpty == true)

        let server = fixture.server
        let delivering = Task { await server.deliverNotifications() }
        var sent = waiting
        for _ in 0..<500 where (sent.first?["sendAttempts"] as? [Any])?.isEmpty != false {
            try await Task.sleep(for: .milliseconds(20))
            sent = try await history()
        }
        delivering.cancel()
        #expect(fixture.delivered.count == 1)
        #expect((sent.first?["sendAttempts"] as? [[String: Any]])?.map { $0["sendAttemptResult"] as? String } == ["SUCCESS"])
        #expect(try ServerFixture.payload(sent.first?["signedPayload"])["notificationUUID"] as? String == payload["notificationUUID"] as? String)
    }

    @Test func badTokensAndHistoryRequestsGetApplesErrors() async throws {
        let fixture = try ServerFixture(notify: [hook])
        let now = Int(Date().timeIntervalSince1970 * 1000)
        let tokenAnswers: [(String, Int)] = [
            ("nonsense", 4_000_020), ("\(UUID().uuidString.lowercased())_\(now)", 4_040_008),
        ]
        for (token, code) in tokenAnswers {
            #expect(try await fixture.call("GET", "/inApps/v1/notifications/test/\(token)").json["errorCode"] as? Int == code)
        }
        let histories: [(String, Int)] = [
            ("[]", 4_000_000),
            (#"{"endDate":\#(now)}"#, 4_000_015),
            (#"{"startDate":\#(now - 1000)}"#, 4_000_016),
            (#"{"startDate":\#(now),"endDate":\#(now - 1000)}"#, 4_000_013),
            (#"{"startDate":1000,"endDate":\#(now)}"#, 4_000_012),
            (#"{"startDate":\#(now - 1000),"endDate":\#(now),"notificationType":"TEST","transactionId":"1"}"#, 4_000_019),
            (#"{"startDate":\#(now - 1000),"endDate":\#(now),"notificationType":"HELLO"}"#, 4_000_018),
            (#"{"startDate":\#(now - 1000),"endDate":\#(now),"transactionId":"x"}"#, 4_000_006),
        ]
        for (body, code) in histories {
            let answer = try await fixture.call("POST", "/inApps/v1/notifications/history", body: body)
            #expect(answer.status == 400, "\(body)")
            #expect(answer.json["errorCode"] as? Int == code, "\(body)")
        }
        let badPage = try await fixture.call(
            "POST", "/inApps/v1/notifications/history", query: [("paginationToken", "zz!")],
            body: #"{"startDate":\#(now - 1000),"endDate":\#(now)}"#
        )
        #expect(badPage.json["errorCode"] as? Int == 4_000_014)
    }
}
