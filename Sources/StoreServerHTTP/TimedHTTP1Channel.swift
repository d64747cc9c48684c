import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel with `ConnectionDeadlines` in front of it and
/// `RequestProgress` behind its decoder, so every connection keeps to `HTTPTimeouts`.
struct TimedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    private let http1: HTTP1Channel
    private let timeouts: HTTPTimeouts

    init(responder: @escaping HTTPChannelHandler.Responder, timeouts: HTTPTimeouts) {
        http1 = HTTP1Channel(responder: responder, configuration: .init(additionalChannelHandlers: [RequestProgress()]))
        self.timeouts = timeouts
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionDeadlines(timeouts), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return http1.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
