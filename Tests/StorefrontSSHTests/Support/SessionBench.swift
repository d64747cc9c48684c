import Crypto
import NIOCore
import NIOEmbedded
import NIOSSH
@testable import StorefrontSSH
import SystemCalls

/// One `SessionHandler` on an `EmbeddedChannel`: requests go in as the SSH layer hands them
/// over, and what the customer's ssh would get comes out (data, stderr, replies, the exit
/// status). Its child is a `RecordingChild`; time moves only when a test advances it.
final class SessionBench {
    let channel = EmbeddedChannel()
    let registry: SessionRegistry
    let handler: SessionHandler
    private let events = OutboundEvents()
    private(set) var launches: [ChildLaunch] = []
    private(set) var child: RecordingChild?
    /// When set, starting the child fails so (no pseudo-terminal left, say).
    var spawnFailure: SSHServeError?

    init(
        options: KeyOptions = KeyOptions(), limits: SessionLimits = SessionLimits(total: 4, perKey: 2),
        configure: (inout SSHServerSettings) -> Void = { _ in }
    ) throws {
        var settings = SSHServerSettings(
            host: "127.0.0.1", port: 0, hostKey: NIOSSHPrivateKey(ed25519Key: Curve25519.Signing.PrivateKey()),
            executable: "/opt/storefront/bin/storefront"
        ) { request in
            request.command == "forbidden" ? .refuse("storefront: forbidden is not a command here") : .run(["run", request.command ?? "shop"])
        }
        configure(&settings)
        registry = SessionRegistry(limits: limits)
        let account = KeyFingerprint(blob: [1, 2, 3])
        var launched: (ChildLaunch) throws(SSHServeError) -> RecordingChild = { _ in RecordingChild() }
        handler = SessionHandler(settings: settings, registry: registry, account: account, options: options) {
            launch, _ throws(SSHServeError) in try launched(launch)
        }
        launched = { [unowned self] launch throws(SSHServeError) in
            if let spawnFailure { throw spawnFailure }
            let child = RecordingChild()
            self.launches.append(launch)
            self.child = child
            return child
        }
        try channel.pipeline.syncOperations.addHandlers([events, handler])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 22)).wait()
    }

    var loop: EmbeddedEventLoop { channel.embeddedEventLoop }

    /// Sends a channel request; returns the reply (nil when none was sent).
    @discardableResult
    func request(_ event: Any) -> Bool? {
        let before = events.replies.count
        channel.pipeline.fireUserInboundEventTriggered(event)
        loop.run()
        return events.replies.count > before ? events.replies.last : nil
    }

    func asksForTerminal(width: Int = 80, height: Int = 24, type: String = "xterm-256color") -> Bool? {
        request(SSHChannelRequestEvent.PseudoTerminalRequest(
            wantReply: true, term: type, terminalCharacterWidth: width, terminalRowHeight: height,
            terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:])
        ))
    }

    func resizes(width: Int, height: Int) {
        request(SSHChannelRequestEvent.WindowChangeRequest(
            terminalCharacterWidth: width, terminalRowHeight: height, terminalPixelWidth: 0, terminalPixelHeight: 0
        ))
    }

    /// pty-req, then shell: the store on a terminal.
    func opensTheStore(width: Int = 80, height: Int = 24) throws -> RecordingChild {
        _ = asksForTerminal(width: width, height: height)
        request(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        guard let child else { throw SessionBenchError.noChild(stderr: stderr, screen: screen) }
        return child
    }

    /// A keystroke from the customer.
    func types(_ text: String) {
        try? channel.writeInbound(SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(string: text))))
        loop.run()
    }

    /// Moves the session's clock (its timers fire as they fall due).
    func wait(_ amount: TimeAmount) {
        loop.advanceTime(by: amount)
    }

    /// What the customer's terminal and stderr got so far (read once).
    private(set) var screenSoFar = ""
    private(set) var stderrSoFar = ""

    var screen: String {
        drain()
        return screenSoFar
    }

    var stderr: String {
        drain()
        return stderrSoFar
    }

    /// The exit status sent to the client, if the session has ended.
    var exitStatus: Int? { events.exitStatus }

    private func drain() {
        while let message = try? channel.readOutbound(as: SSHChannelData.self) {
            guard case .byteBuffer(let bytes) = message.data else { continue }
            let text = String(buffer: bytes)
            if message.type == .stdErr { stderrSoFar += text } else { screenSoFar += text }
        }
    }
}

enum SessionBenchError: Error {
    case noChild(stderr: String, screen: String)
}

/// The replies and the exit status the session sends, as NIOSSH would take them.
private final class OutboundEvents: ChannelOutboundHandler {
    typealias OutboundIn = Any
    var replies: [Bool] = []
    var exitStatus: Int?

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        switch event {
        case is ChannelSuccessEvent: replies.append(true)
        case is ChannelFailureEvent: replies.append(false)
        case let status as SSHChannelRequestEvent.ExitStatus: exitStatus = status.exitStatus
        default: return context.triggerUserOutboundEvent(event, promise: promise)
        }
        promise?.succeed(())
    }
}

/// A session's child that records what the session does to it; the test plays its part
/// (writes, pauses, exits) through the handler's own entry points.
final class RecordingChild: SessionChild {
    private(set) var signals: [Int32] = []
    private(set) var sizes: [WindowSize] = []
    private(set) var input = ""
    private(set) var reading = true
    private(set) var outputsClosed = false
    /// Whether its terminal takes more input at once.
    var acceptsInput = true

    func signal(_ number: Int32) { signals.append(number) }
    func resize(_ size: WindowSize) { sizes.append(size) }
    func setReading(_ reading: Bool) { self.reading = reading }
    func closeOutputs() { outputsClosed = true }

    func write(_ bytes: ByteBuffer) -> Bool {
        input += String(buffer: bytes)
        return acceptsInput
    }
}

extension SessionBench {
    /// The child writes `text` and pauses, as a storefront drawing a frame.
    func childDraws(_ text: String, as type: SSHChannelData.DataType = .channel) {
        handler.childWrote(ByteBuffer(string: text), as: type)
        handler.childOutputPaused()
        loop.run()
    }

    /// The child exits with `exit` and its terminal or pipes close.
    func childEnds(_ exit: ChildExit) {
        handler.childExited(exit)
        handler.childOutputsClosed()
        loop.run()
    }
}
