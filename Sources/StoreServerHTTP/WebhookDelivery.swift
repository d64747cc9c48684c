import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import StoreServerAPI

/// Delivers notifications with SwiftNIO, one connection per attempt: a POST of the JSON body,
/// 200 being the only success, as Apple counts it. Connecting may take `connectTimeout` and the
/// whole attempt `timeout`; when either runs out, when the task is cancelled, or once the
/// answer is in, the socket is closed, whatever the receiver does (never answers, half-closes,
/// drips its answer a byte at a time, or stops).
///
/// ```swift
/// let api = AppStoreServer(settings: settings, delivery: WebhookDelivery())
/// ```
public struct WebhookDelivery: NotificationDelivery {
    /// How long connecting may take.
    public var connectTimeout: Duration
    /// How long one attempt may take, from connecting to the answer's last byte.
    public var timeout: Duration

    public init(connectTimeout: Duration = .seconds(5), timeout: Duration = .seconds(10)) {
        self.connectTimeout = connectTimeout
        self.timeout = timeout
    }

    /// Verifies https receivers against the system's trusted roots.
    private static let tls = Result { try NIOSSLContext(configuration: .makeClientConfiguration()) }

    public func post(_ body: Data, to url: URL) async -> SendAttemptResult {
        guard let host = url.host, let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) else { return .other }
        let secure = scheme == "https"
        let port = url.port ?? (secure ? 443 : 80)
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let attempt = WebhookAttempt(promise: loop.makePromise())
        loop.execute {
            attempt.deadline = loop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) { attempt.settle(.timedOut) }
        }
        let request = WebhookRequest(url: url, host: host, port: port, body: body)
        ClientBootstrap(group: loop)
            .connectTimeout(TimeAmount(connectTimeout))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if secure {
                        // SNI names a host, never an address.
                        let name = IPAddressText.isAddress(host) ? nil : host
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: try Self.tls.get(), serverHostname: name))
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(AnswerHandler(attempt))
                }
            }
            .connect(host: host, port: port)
            .whenComplete { connected in
                switch connected {
                case .success(let channel): attempt.send(request, on: channel)
                case .failure(let error): attempt.settle(Self.result(of: error))
                }
            }
        return await withTaskCancellationHandler {
            (try? await attempt.promise.futureResult.get()) ?? .other
        } onCancel: {
            loop.execute { attempt.settle(.other) }
        }
    }

    static func result(of error: any Error) -> SendAttemptResult {
        switch error {
        case ChannelError.connectTimeout: .timedOut
        case is NIOSSLError, is NIOSSLExtraError, is BoringSSLError: .tlsIssue
        case is HTTPParserError: .invalidResponse
        default: .socketIssue
        }
    }
}

/// One POST: its head (`Connection: close`, so the receiver need not keep anything) and body.
struct WebhookRequest: Sendable {
    let url: URL
    let host: String
    let port: Int
    let body: Data

    var head: HTTPRequestHead {
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: url.port == nil ? shownHost : "\(shownHost):\(port)")
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "Connection", value: "close")
        return HTTPRequestHead(version: .http1_1, method: .POST, uri: target, headers: headers)
    }
}

/// The state of one attempt, touched only on its event loop: settled once, by the answer, an
/// error, the deadline or cancellation, which closes the socket.
final class WebhookAttempt: @unchecked Sendable {
    let promise: EventLoopPromise<SendAttemptResult>
    var deadline: Scheduled<Void>?
    private var channel: (any Channel)?
    private var settled = false

    init(promise: EventLoopPromise<SendAttemptResult>) {
        self.promise = promise
    }

    func send(_ request: WebhookRequest, on channel: any Channel) {
        guard !settled else { return channel.close(promise: nil) }
        self.channel = channel
        channel.write(HTTPClientRequestPart.head(request.head), promise: nil)
        channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: request.body))), promise: nil)
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
    }

    func settle(_ result: SendAttemptResult) {
        guard !settled else { return }
        settled = true
        deadline?.cancel()
        channel?.close(promise: nil)
        promise.succeed(result)
    }
}

/// Reads the answer's status; the attempt is settled by its end, or by the connection
/// closing or failing before it.
final class AnswerHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let attempt: WebhookAttempt
    private var status: UInt?

    init(_ attempt: WebhookAttempt) {
        self.attempt = attempt
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): status = head.status.code
        case .body: break
        case .end: attempt.settle(status == 200 ? .success : .unsuccessfulHTTPResponseCode)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        attempt.settle(status == nil ? .noResponse : .prematureClose)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        attempt.settle(WebhookDelivery.result(of: error))
    }
}

/// Whether a URL's host is a literal IPv4 or IPv6 address.
enum IPAddressText {
    static func isAddress(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}
