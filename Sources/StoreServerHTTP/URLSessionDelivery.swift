import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StoreServerAPI

/// Delivers notifications with Foundation's URLSession: a POST of the JSON body, 200 being
/// the only success, as Apple counts it.
///
/// ```swift
/// let api = AppStoreServer(settings: settings, delivery: URLSessionDelivery())
/// ```
public struct URLSessionDelivery: NotificationDelivery {
    /// How long one attempt may take.
    public var timeout: TimeInterval

    public init(timeout: TimeInterval = 10) {
        self.timeout = timeout
    }

    public func post(_ body: Data, to url: URL) async -> SendAttemptResult {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        do {
            let (_, response) = try await URLSession.shared.data(for: request)
            guard let status = (response as? HTTPURLResponse)?.statusCode else { return .invalidResponse }
            return status == 200 ? .success : .unsuccessfulHTTPResponseCode
        } catch let error as URLError {
            switch error.code {
            case .timedOut: return .timedOut
            case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed: return .socketIssue
            case .networkConnectionLost: return .prematureClose
            case .badServerResponse: return .invalidResponse
            case .httpTooManyRedirects, .redirectToNonExistentLocation: return .circularRedirect
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate: return .tlsIssue
            default: return .other
            }
        } catch {
            return .other
        }
    }
}
