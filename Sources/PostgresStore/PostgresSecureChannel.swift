import NIOSSL
import NIOTLS
import PostgresNIO

/// A connection's TCP and TLS, opened here and handed to postgres-nio as an established
/// channel: under `sslmode=verify-full` the server's name is checked by libpq's rules
/// (`PostgresCertificateNames`) once the handshake is done and before the sign-in is sent;
/// postgres-nio's own TLS would take a certificate for the address connected to, whatever
/// name the URL gave.
enum PostgresSecureChannel {
    /// How long the server has to accept the TCP connection, then to answer the TLS request
    /// and finish the handshake: postgres-nio's connect timeout.
    static let timeout: TimeAmount = .seconds(10)

    /// A connected channel to `host`, encrypted unless the server declined TLS under
    /// `prefer`. Throws `Unreachable` when nothing answers, `TLSUnsupported` when TLS is
    /// required and declined, NIOSSL's errors when the certificate does not verify.
    static func open(host: String, port: Int, tls: TLSConfiguration, mode: PostgresTransportSecurity.Mode) async throws -> any Channel {
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(timeout)
                .connect(host: host, port: port).get()
        } catch {
            throw PostgresErrors.Unreachable(underlying: error)
        }
        do {
            if try await askForTLS(on: channel) {
                try await handshake(on: channel, host: host, tls: tls, checkingName: mode == .verifyFull)
            } else if mode != .prefer {
                throw PostgresErrors.TLSUnsupported()
            }
            return channel
        } catch {
            try? await channel.close()
            throw error
        }
    }

    /// PostgreSQL's SSLRequest (length 8, code 80877103); true when the server answers 'S'.
    private static func askForTLS(on channel: any Channel) async throws -> Bool {
        let answer = channel.eventLoop.makePromise(of: UInt8.self)
        let timer = channel.eventLoop.scheduleTask(in: timeout) { answer.fail(PostgresErrors.Unreachable(underlying: NoAnswer())) }
        defer { timer.cancel() }
        try await Self.settingUp(answer) {
            try await channel.eventLoop.submit {
                try channel.pipeline.syncOperations.addHandler(TLSAnswerReader(answer: answer))
            }.get()
            try await channel.writeAndFlush(ByteBuffer(bytes: [0, 0, 0, 8, 0x04, 0xD2, 0x16, 0x2F])).get()
        }
        switch try await answer.futureResult.get() {
        case UInt8(ascii: "S"): return true
        case UInt8(ascii: "N"): return false
        case let other: throw PostgresErrors.Unreachable(underlying: UnexpectedAnswer(
            description: "the server answered the TLS request with byte \(other), not S or N: is it PostgreSQL?"
        ))
        }
    }

    private static func handshake(on channel: any Channel, host: String, tls: TLSConfiguration, checkingName: Bool) async throws {
        var tls = tls
        // The name is checked below by libpq's rules; the chain still by BoringSSL.
        if checkingName { tls.certificateVerification = .noHostnameVerification }
        let context = try NIOSSLContext(configuration: tls)
        let isAddress = IPAddressBytes(host) != nil
        let done = channel.eventLoop.makePromise(of: Void.self)
        let timer = channel.eventLoop.scheduleTask(in: timeout) { done.fail(PostgresErrors.Unreachable(underlying: NoAnswer())) }
        defer { timer.cancel() }
        try await Self.settingUp(done) {
            try await channel.eventLoop.submit {
                let encryption = try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
                try channel.pipeline.syncOperations.addHandler(encryption, position: .first)
                try channel.pipeline.syncOperations.addHandler(HandshakeWatcher(done: done), position: .after(encryption))
            }.get()
        }
        try await done.futureResult.get()
        guard checkingName else { return }
        guard let certificate = try await channel.nioSSL_peerCertificate().get(),
              try PostgresCertificateNames(der: certificate.toDERBytes()).include(host: host)
        else { throw NIOSSLExtraError.failedToValidateHostname }
    }

    /// Runs `setUp`, failing `promise` with its error: a channel closed under it (the server
    /// gone) would leave the promise that its handlers were to complete for ever waiting.
    private static func settingUp<Value>(_ promise: EventLoopPromise<Value>, _ setUp: () async throws -> Void) async throws {
        do {
            try await setUp()
        } catch {
            promise.fail(error)
            throw error
        }
    }

    /// The server answered the TLS request with something else than yes or no.
    struct UnexpectedAnswer: Error, CustomStringConvertible {
        var description: String
    }

    /// The server took the connection and then said nothing.
    struct NoAnswer: Error, CustomStringConvertible {
        var description: String { "the server took the connection but did not answer within \(PostgresSecureChannel.timeout.nanoseconds / 1_000_000_000) s" }
    }
}

/// Reads the one byte that answers an SSLRequest, then leaves the pipeline. More bytes
/// behind it would be read as if encrypted while they were not (CVE-2021-23222): refused.
private final class TLSAnswerReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    private let answer: EventLoopPromise<UInt8>

    init(answer: EventLoopPromise<UInt8>) {
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        guard buffer.readableBytes == 1, let byte = buffer.readInteger(as: UInt8.self) else {
            answer.fail(PostgresErrors.Unreachable(underlying: PostgresSecureChannel.UnexpectedAnswer(
                description: "the server answered the TLS request with \(buffer.readableBytes) bytes, where PostgreSQL answers with one (S or N): is it PostgreSQL?"
            )))
            context.close(promise: nil)
            return
        }
        answer.succeed(byte)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        answer.fail(PostgresErrors.Unreachable(underlying: error))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        answer.fail(PostgresErrors.ConnectionClosed())
        context.fireChannelInactive()
    }
}

/// Waits for the TLS handshake's end, then leaves the pipeline.
private final class HandshakeWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    private let done: EventLoopPromise<Void>

    init(done: EventLoopPromise<Void>) {
        self.done = done
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted? = event as? TLSUserEvent {
            done.succeed()
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        done.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        done.fail(PostgresErrors.ConnectionClosed())
        context.fireChannelInactive()
    }
}
