#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import NIOCore
import NIOPosix
import NIOSSH
import ServiceLifecycle

/// The storefront over SSH: listens, signs customers in by their keys, and runs each
/// session's storefront as a child on a terminal of its own. It never draws.
///
/// ```swift
/// let server = try await StoreSSHServer.start(settings)
/// print("listening on port \(server.port)")
/// try await ServiceGroup(configuration: .init(
///     services: [server.service { print($0) }], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger
/// )).run()   // SIGTERM or SIGINT: drain, then stop
/// ```
public final class StoreSSHServer: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let listener: Channel
    private let registry: SessionRegistry
    private let settings: SSHServerSettings

    /// The port it listens on (the one picked, when settings asked for 0).
    public var port: Int { listener.localAddress?.port ?? settings.port }

    private init(group: MultiThreadedEventLoopGroup, listener: Channel, registry: SessionRegistry, settings: SSHServerSettings) {
        self.group = group
        self.listener = listener
        self.registry = registry
        self.settings = settings
    }

    /// Binds the address; 69 (EX_UNAVAILABLE) naming it when it cannot.
    public static func start(_ settings: SSHServerSettings) async throws(SSHServeError) -> StoreSSHServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
        let registry = SessionRegistry(limits: settings.limits)
        let signingIn = SignInRegistry(limits: settings.signingIn)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                let address = channel.remoteAddress?.ipAddress
                // One past the limits of connections signing in is closed before the banner.
                guard signingIn.admit(address ?? "") else {
                    return channel.eventLoop.makeFailedFuture(SSHServeError("too many connections signing in", exitCode: 1))
                }
                let place = SignInPlace(signingIn, address: address ?? "")
                return channel.eventLoop.makeCompletedFuture {
                    let gate = PublicKeyGate(authorizedKeys: settings.authorizedKeys, address: address) { place.release() }
                    try channel.pipeline.syncOperations.addHandlers([
                        Self.sshHandler(settings: settings, registry: registry, gate: gate, allocator: channel.allocator),
                        ConnectionErrorHandler(),
                    ])
                    // A connection that never signs in holds nothing for long (--login-grace).
                    let signInLimit = channel.eventLoop.scheduleTask(in: settings.loginGrace.timeAmount) {
                        if gate.account == nil { channel.close(promise: nil) }
                    }
                    // Closed sooner, it lets go of the task, which holds the channel and its
                    // SSH state: else every connection of the grace time stayed in memory.
                    channel.closeFuture.whenComplete { _ in
                        signInLimit.cancel()
                        place.release()
                    }
                }
            }
        do {
            let listener = try await bootstrap.bind(host: settings.host, port: settings.port).get()
            return StoreSSHServer(group: group, listener: listener, registry: registry, settings: settings)
        } catch {
            try? await group.shutdownGracefully()
            throw .unavailable("--ssh \(settings.host):\(settings.port): cannot listen: \(error)")
        }
    }

    /// One connection's SSH: this server's host key and banner, public keys only, and
    /// session channels only (no port forwarding, no direct-tcpip).
    private static func sshHandler(
        settings: SSHServerSettings, registry: SessionRegistry, gate: PublicKeyGate, allocator: ByteBufferAllocator
    ) -> NIOSSHHandler {
        let configuration = SSHServerConfiguration(
            hostKeys: [settings.hostKey], userAuthDelegate: gate, globalRequestDelegate: nil,  // NIOSSH's default refuses tcpip-forward
            banner: .init(message: AcceptedKeyType.banner, languageTag: "en")
        )
        return NIOSSHHandler(role: .server(configuration), allocator: allocator) { channel, type in
            guard case .session = type, let account = gate.account else {
                return channel.eventLoop.makeFailedFuture(SSHServeError("only session channels are served", exitCode: 1))
            }
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(
                    SessionHandler(settings: settings, registry: registry, account: account, options: gate.options)
                )
            }
        }
    }

    /// Stops admitting, tells the open sessions (each storefront counts `drain` down in its
    /// customer's language), gives them `drain`, then ends them and closes every connection.
    public func stop() async {
        let open = registry.stopAccepting()
        try? await listener.close()
        if !open.isEmpty {
            open.forEach { $0.announceClosing() }
            await registry.waitUntilEmpty(upTo: settings.drain)
            registry.stopAccepting().forEach { $0.close() }
            // A child that ignores SIGHUP gets SIGKILL after 5 s (SessionHandler.end).
            await registry.waitUntilEmpty(upTo: Self.stopGrace)
        }
        try? await group.shutdownGracefully()
    }

    /// The server as a swift-service-lifecycle `Service`: it serves until its `ServiceGroup`
    /// shuts down gracefully (on SIGTERM or SIGINT, which the group alone handles, for every
    /// server of the process), then `stop()`s. SIGHUP rereads `--authorized-keys` (`log` gets
    /// what happened) and serves on.
    public func service(log: @escaping @Sendable (String) -> Void) -> some Service {
        SSHService(server: self, log: log)
    }

    /// What `stop()` may take beyond the drain: ending the sessions, and SIGKILL for a child
    /// that ignores SIGHUP (`SessionHandler.hangupGrace`).
    public static let stopGrace = Duration.seconds(6)

    fileprivate func serve(log: @escaping @Sendable (String) -> Void) async {
        signal(SIGPIPE, SIG_IGN)
        let keys = settings.authorizedKeys
        // Dispatch sees a signal only once its default action is off.
        signal(SIGHUP, SIG_IGN)
        let reload = DispatchSource.makeSignalSource(signal: SIGHUP)
        reload.setEventHandler { (keys?.reload() ?? ["SIGHUP: no --authorized-keys file to reread"]).forEach(log) }
        reload.resume()
        defer { reload.cancel() }
        // Thrown when cancelled instead: stop all the same.
        try? await gracefulShutdown()
        await stop()
    }
}

private struct SSHService: Service {
    let server: StoreSSHServer
    let log: @Sendable (String) -> Void

    func run() async {
        await server.serve(log: log)
    }
}

/// A connection that breaks the protocol is closed, and only that one.
private final class ConnectionErrorHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = Any

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
