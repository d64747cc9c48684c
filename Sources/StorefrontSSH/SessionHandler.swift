#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOSSH
import SystemCalls

/// One SSH session channel, on its connection's event loop, as a state machine (`SessionState`):
/// it collects `pty-req`, `env` and `window-change`; on `shell` or `exec` it starts one child
/// (on a pseudo-terminal of its own for a shell, on pipes for exec) and pumps bytes both ways;
/// once the child is told to end or has ended, its last output drains to the client, then
/// the reason and its exit status, and the channel closes.
///
/// Back-pressure: when the client's window is full, the child's output stops being read;
/// when the child's terminal does not take input, the client's stops being read.
final class SessionHandler: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    /// How long a child told to end (SIGHUP) has before SIGKILL.
    static let hangupGrace = TimeAmount.seconds(5)
    /// How long the child's output must pause before the window notice is drawn over it.
    static let noticePause = TimeAmount.milliseconds(30)

    private let settings: SSHServerSettings
    private let registry: SessionRegistry
    private let account: KeyFingerprint
    /// What the key's `authorized_keys` line allows (`no-pty`: no terminal, so no shop).
    private let options: KeyOptions
    private let launcher: SessionChildLauncher
    private var context: ChannelHandlerContext?

    private(set) var state = SessionState.authenticated
    private var window: SessionWindow
    private var requestedEnvironment: [String: String] = [:]
    private var timers: [Scheduled<Void>] = []
    private var noticeRedraw: Scheduled<Void>?

    init(
        settings: SSHServerSettings, registry: SessionRegistry, account: KeyFingerprint, options: KeyOptions,
        launcher: @escaping SessionChildLauncher = SpawnedSessionChild.launch
    ) {
        self.settings = settings
        self.registry = registry
        self.account = account
        self.options = options
        self.launcher = launcher
        window = SessionWindow(largest: settings.largestWindow)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        // A client that closes its input (`ssh host transactions < /dev/null`) still reads the answer.
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    // MARK: Requests

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            guard options.terminal, state.isCollecting else { return reply(request.wantReply, ok: false) }
            state = .ptyGranted(terminalType: request.term)
            resize(width: request.terminalCharacterWidth, height: request.terminalRowHeight)
            reply(request.wantReply, ok: true)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            // Only the customer's language crosses over; PATH, LD_PRELOAD and the rest never do.
            let allowed = state.isCollecting && (request.name == "LANG" || request.name.hasPrefix("LC_"))
            if allowed { requestedEnvironment[request.name] = request.value }
            reply(request.wantReply, ok: allowed)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            resize(width: request.terminalCharacterWidth, height: request.terminalRowHeight)
        case let request as SSHChannelRequestEvent.ShellRequest:
            start(command: nil, wantReply: request.wantReply, context: context)
        case let request as SSHChannelRequestEvent.ExecRequest:
            start(command: request.command, wantReply: request.wantReply, context: context)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            reply(request.wantReply, ok: false)
        case ChannelEvent.inputClosed:
            break  // the child's input is the terminal (or /dev/null); it ends on its own
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func reply(_ wanted: Bool, ok: Bool) {
        guard wanted, let channel = context?.channel else { return }
        if ok {
            channel.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
        } else {
            channel.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
        }
    }

    /// The child's terminal gets the client's size within `settings.largestWindow`; a window
    /// larger than that is told so on its bottom row.
    private func resize(width: Int, height: Int) {
        window.ask(width: width, height: height)
        state.child?.child.resize(window.granted)
        if window.notice != nil { scheduleNotice() }
    }

    // MARK: Starting the child

    private func start(command: String?, wantReply: Bool, context: ChannelHandlerContext) {
        guard state.isCollecting else { return reply(wantReply, ok: false) }
        let terminalType = state.terminalType
        // Accepted either way: a refusal is a message and exit status 1, which ssh shows.
        reply(wantReply, ok: true)
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        let control = SessionControl(
            announceClosing: { eventLoop.execute { bound.value.announceClosing() } },
            close: { eventLoop.execute { bound.value.closeForClosing() } }
        )
        if let refusal = registry.open(ObjectIdentifier(self), account: account.description, control: control) {
            return refuse(refusal, admitted: false)
        }
        if command == nil, !options.terminal {
            return refuse(
                "storefront: this key may not open a terminal (no-pty or restrict in authorized_keys), so not the store; "
                    + "its commands still run: ssh … transactions",
                admitted: true
            )
        }
        switch settings.launch(SessionRequest(account: account, command: command)) {
        case .refuse(let message):
            refuse(message, admitted: true)
        case .run(let arguments):
            let shell = command == nil
            var environment = settings.environment.merging(requestedEnvironment) { _, customer in customer }
            if environment["LANG"] == nil { environment["LANG"] = "C.UTF-8" }
            if shell { environment["TERM"] = terminalType ?? "xterm-256color" }
            let launch = ChildLaunch(
                executable: settings.executable,
                arguments: [String(settings.executable.split(separator: "/").last ?? "storefront")] + arguments,
                environment: environment.map { "\($0)=\($1)" }, window: shell ? window.granted : nil
            )
            do {
                let child = try launcher(launch, bound)
                state = .childRunning(RunningChild(child: child, terminalType: terminalType, shell: shell, startedAt: eventLoop.now))
            } catch {
                return refuse("The store cannot open right now (\(error.description)).", admitted: true)
            }
            startTimers(shell: shell, context: context)
            if window.notice != nil { scheduleNotice() }
        }
    }

    // MARK: Bytes both ways

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .childRunning(let running) = state, running.shell, case .channel = message.type,
              case .byteBuffer(let bytes) = message.data
        else { return }
        running.lastKeystroke = context.eventLoop.now
        if !running.child.write(bytes) { _ = context.channel.setOption(ChannelOptions.autoRead, value: false) }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        state.child?.child.setReading(context.channel.isWritable)
    }

    /// The child wrote: on to the client, as data or as stderr.
    func childWrote(_ bytes: ByteBuffer, as type: SSHChannelData.DataType) {
        guard let running = state.child else { return }
        running.hasWritten = true
        tellChildClosing()
        context?.write(wrapOutboundOut(SSHChannelData(type: type, data: .byteBuffer(bytes))), promise: nil)
    }

    func childOutputPaused() {
        if window.notice != nil { scheduleNotice() }  // once per batch of reads, not per chunk
        guard let context else { return }
        context.flush()
        if !context.channel.isWritable { state.child?.child.setReading(false) }
    }

    /// The child's terminal takes input again (or not): so does the client's side.
    func childInputWritabilityChanged(_ writable: Bool) {
        _ = context?.channel.setOption(ChannelOptions.autoRead, value: writable)
    }

    // MARK: Ending

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    /// The client went away (or the session is over): a running child gets SIGHUP.
    func channelInactive(context: ChannelHandlerContext) {
        if let running = state.child {
            end(nil)
            running.child.closeOutputs()
        } else {
            state = .closed
        }
        context.fireChannelInactive()
    }

    /// The store is closing: a shop's storefront is told with SIGUSR1 and draws the notice
    /// itself, in the customer's language and worded for what they are doing (the server
    /// knows neither). Only once it has drawn: before that, SIGUSR1 could end it.
    func announceClosing() {
        guard let running = state.child else { return }
        running.closing = .announced
        tellChildClosing()
    }

    private func tellChildClosing() {
        guard case .childRunning(let running) = state, running.closing == .announced, running.shell, running.hasWritten else { return }
        running.closing = .told
        running.child.signal(SIGUSR1)
    }

    /// The store has closed: a storefront that was told says goodbye itself and exits 0;
    /// any other session is told here.
    func closeForClosing() {
        end(state.child?.closing == .told ? nil : "The store is closing. Thank you for shopping!")
    }

    /// The notice goes out once the child has written nothing for a moment: never inside one
    /// of its escape sequences, and after (so over) a frame that redrew the bottom row.
    private func scheduleNotice() {
        guard let eventLoop = context?.eventLoop else { return }
        noticeRedraw?.cancel()
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        noticeRedraw = eventLoop.scheduleTask(in: Self.noticePause) { bound.value.drawNotice() }
    }

    private func drawNotice() {
        guard let notice = window.notice, case .childRunning(let running) = state, running.shell else { return }
        // Over the bottom row, where ncurses draws the help bar: save the cursor, write, restore.
        send("\u{1B}7\u{1B}[\(window.granted.height);1H\u{1B}[7m \(notice) \u{1B}[0m\u{1B}[K\u{1B}8", as: .channel)
    }

    /// Ends the child (SIGHUP, then SIGKILL if it lingers); `reason` is shown once it is gone.
    /// Running -> draining.
    func end(_ reason: String?) {
        guard case .childRunning(let running) = state else { return }
        state = .draining(running)
        running.endReason = reason
        guard running.exit == nil else { return finishIfDone() }
        running.child.signal(SIGHUP)
        if let eventLoop = context?.eventLoop {
            let bound = NIOLoopBound(self, eventLoop: eventLoop)
            timers.append(eventLoop.scheduleTask(in: Self.hangupGrace) {
                if case .draining(let running) = bound.value.state, running.exit == nil { running.child.signal(SIGKILL) }
            })
        }
    }

    /// All of the child's output has been read (its terminal or pipes closed).
    func childOutputsClosed() {
        state.child?.outputsOpen = false
        finishIfDone()
    }

    /// The child has ended: running -> draining, until its output is all sent.
    func childExited(_ exit: ChildExit) {
        guard let running = state.child else { return }
        running.exit = exit
        if case .childRunning = state { state = .draining(running) }
        finishIfDone()
    }

    /// Once the child has ended and its output is all sent: the reason, the exit status, close.
    /// Draining -> closed.
    private func finishIfDone() {
        guard case .draining(let running) = state, let exit = running.exit, !running.outputsOpen else { return }
        state = .closed
        timers.forEach { $0.cancel() }
        noticeRedraw?.cancel()
        registry.close(ObjectIdentifier(self), account: account.description)
        if let reason = running.endReason { send(reason, as: running.terminalType == nil ? .stdErr : .channel) }
        closeChannel(status: Int(exit.status))
    }

    /// Says why the session cannot start, exit status 1. Any state -> closed.
    private func refuse(_ message: String, admitted: Bool) {
        let terminalType = state.terminalType
        state = .closed
        send(message, as: terminalType == nil ? .stdErr : .channel)
        if admitted { registry.close(ObjectIdentifier(self), account: account.description) }
        closeChannel(status: 1)
    }

    /// A line of the server's own, after whatever the child left on screen.
    private func send(_ text: String, as type: SSHChannelData.DataType) {
        guard let context else { return }
        let line = type == .channel && !text.hasPrefix("\u{1B}") ? "\r\n" + text + "\r\n" : text + (type == .channel ? "" : "\n")
        var buffer = context.channel.allocator.buffer(capacity: line.utf8.count)
        buffer.writeString(line)
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: type, data: .byteBuffer(buffer))), promise: nil)
    }

    private func closeChannel(status: Int) {
        guard let channel = context?.channel else { return }
        channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    // MARK: Limits in time

    private func startTimers(shell: Bool, context: ChannelHandlerContext) {
        let eventLoop = context.eventLoop
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        let limit = settings.maxSession
        timers.append(eventLoop.scheduleTask(in: limit.timeAmount) {
            bound.value.end("This session has reached its limit of \(limit.spoken). Thank you for shopping!")
        })
        if shell { scheduleIdleCheck(at: eventLoop.now + settings.idle.timeAmount, on: eventLoop) }
    }

    /// Only the customer's keystrokes count: what the store draws (a turning spinner) does not.
    private func scheduleIdleCheck(at deadline: NIODeadline, on eventLoop: any EventLoop) {
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        timers.append(eventLoop.scheduleTask(deadline: deadline) {
            let session = bound.value
            guard case .childRunning(let running) = session.state else { return }
            let due = running.lastKeystroke + session.settings.idle.timeAmount
            if due <= eventLoop.now {
                session.end("No key pressed for \(session.settings.idle.spoken): this session has ended.")
            } else {
                session.scheduleIdleCheck(at: due, on: eventLoop)
            }
        })
    }
}
