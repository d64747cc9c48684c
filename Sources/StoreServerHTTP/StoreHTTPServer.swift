import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import StoreServerAPI

/// `storefront serve --http`: Hummingbird carrying HTTP/1.1 requests to an `AppStoreServer`
/// and its answers back. Every path goes to the API, which routes it; this type only
/// translates and listens.
///
/// ```swift
/// let http = StoreHTTPServer.service(api, host: "127.0.0.1", port: 0) { port in
///     print("listening on", port)
/// }
/// try await ServiceGroup(configuration: .init(
///     services: [http], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger
/// )).run()   // returns on SIGTERM or SIGINT
/// ```
public enum StoreHTTPServer {
    /// The largest request body read; a larger one is refused with 413.
    public static let maximumBody = 1 << 20

    /// Serves `api` on `host:port` as a swift-service-lifecycle `Service`, until its
    /// `ServiceGroup` shuts down gracefully (the group handles SIGTERM and SIGINT, and bounds
    /// the drain); `listening` is told the bound port. Slow clients are cut off and
    /// connections capped as `limits` says.
    public static func service(
        _ api: AppStoreServer, host: String, port: Int, limits: HTTPTimeouts = HTTPTimeouts(),
        listening: @escaping @Sendable (Int) async -> Void
    ) -> some Service {
        var logger = Logger(label: "storefront.http")
        logger.logLevel = .warning
        return Application(
            responder: CallbackResponder { (request: Request, _: BasicRequestContext) in
                await respond(to: request, with: api)
            },
            server: HTTPServerBuilder { responder in TimedHTTP1Channel(responder: responder, timeouts: limits) },
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: "storefront",
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections)
            ),
            onServerRunning: { channel in
                await listening(channel.localAddress?.port ?? port)
            },
            logger: logger
        )
    }

    static func respond(to request: Request, with api: AppStoreServer) async -> Response {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maximumBody)
        } catch {
            return Response(status: .contentTooLarge)
        }
        let answer = await api.respond(to: APIRequest(
            method: request.method.rawValue, path: request.uri.path, query: QueryString.pairs(request.uri.query),
            authorization: request.headers[.authorization], body: Data(body.readableBytesView)
        ))
        var headers = HTTPFields()
        if !answer.body.isEmpty { headers[.contentType] = "application/json" }
        return Response(
            status: HTTPResponse.Status(code: answer.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body))
        )
    }
}

/// A URL query as name and value pairs, `+` and percent escapes decoded.
enum QueryString {
    static func pairs(_ query: String?) -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
