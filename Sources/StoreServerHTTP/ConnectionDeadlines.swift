import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client is too slow for `HTTPTimeouts`: its request head not
/// complete within `header` of the connection opening or of the request's first byte, its body
/// not complete within `body` of the head, or no request within `idle` of the last response.
/// It sits first in the pipeline, where it sees bytes arrive; `RequestProgress`, behind the
/// HTTP decoder, tells it where each request stands. Every call is on the channel's event loop.
final class ConnectionDeadlines: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private enum Phase {
        /// Between requests: waiting for the next one's first byte.
        case idle
        case head
        case body
        /// The request is read: the server's turn, which has no deadline here.
        case responding
    }

    private let timeouts: HTTPTimeouts
    private var phase = Phase.head
    private var unanswered = 0
    private var deadline: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(_ timeouts: HTTPTimeouts) {
        self.timeouts = timeouts
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { enter(.head) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        if deadline == nil { enter(.head) }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if phase == .idle { enter(.head) }
        context.fireChannelRead(data)
    }

    /// A request's head was decoded.
    func headRead() {
        unanswered += 1
        enter(.body)
    }

    /// A request's body ended.
    func requestRead() {
        enter(.responding)
    }

    /// A response's end was written.
    func responseWritten() {
        unanswered -= 1
        if unanswered == 0, phase == .responding { enter(.idle) }
    }

    private func enter(_ next: Phase) {
        phase = next
        deadline?.cancel()
        deadline = nil
        guard let context else { return }
        let limit: Duration
        switch next {
        case .idle: limit = timeouts.idle
        case .head: limit = timeouts.header
        case .body: limit = timeouts.body
        case .responding: return
        }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limit)) {
            context.close(promise: nil)
        }
    }
}

/// Behind the HTTP decoder: tells the connection's `ConnectionDeadlines` when a request's head
/// and end are read and when its response's end is written.
final class RequestProgress: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var deadlines: ConnectionDeadlines?

    func handlerAdded(context: ChannelHandlerContext) {
        deadlines = try? context.pipeline.syncOperations.handler(type: ConnectionDeadlines.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: deadlines?.headRead()
        case .body: break
        case .end: deadlines?.requestRead()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { deadlines?.responseWritten() }
        context.write(data, promise: promise)
    }
}
