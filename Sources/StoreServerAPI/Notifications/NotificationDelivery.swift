import Foundation

/// How a notification reaches a URL: an HTTP POST of `{"signedPayload": …}`. The HTTP edge
/// provides it; tests may count what is sent.
///
/// ```swift
/// struct Recorder: NotificationDelivery {
///     func post(_ body: Data, to url: URL) async -> SendAttemptResult { .success }
/// }
/// ```
public protocol NotificationDelivery: Sendable {
    /// POSTs `body` (JSON) to `url` and says how it went, as Apple's `sendAttemptResult`.
    func post(_ body: Data, to url: URL) async -> SendAttemptResult
}

/// Apple's `sendAttemptResult` values.
public enum SendAttemptResult: String, Codable, Sendable {
    case success = "SUCCESS"
    case timedOut = "TIMED_OUT"
    case tlsIssue = "TLS_ISSUE"
    case circularRedirect = "CIRCULAR_REDIRECT"
    case noResponse = "NO_RESPONSE"
    case socketIssue = "SOCKET_ISSUE"
    case unsupportedCharset = "UNSUPPORTED_CHARSET"
    case invalidResponse = "INVALID_RESPONSE"
    case prematureClose = "PREMATURE_CLOSE"
    case unsuccessfulHTTPResponseCode = "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
    case other = "OTHER"
}
