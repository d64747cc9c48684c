#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOPosix
import NIOSSH

/// One SSH session channel, on its connection's event loop: it collects `pty-req`, `env`
/// and `window-change`, then on `shell` or `exec` starts one child (on a pseudo-terminal of
/// its own for a shell, on pipes for exec) and pumps bytes both ways until the child ends.
///
/// Back-pressure: when the client's window is full, the child's output stops being read;
/// when the child's terminal does not take input, the client's stops being read.
final class SessionHandler: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    private let settings: SSHServerSettings
    private let registry: SessionRegistry
    private let account: KeyFingerprint
    /// What the key's `authorized_keys` line allows (`no-pty`: no terminal, so no shop).
    private let options: KeyOptions
    private var context: ChannelHandlerContext?

    private var terminalType: String?
    /// What the client asked for, and (`width`, `height`) what the child's terminal has.
    private var asked = WindowSize(width: 80, height: 24)
    private var width = 80
    private var height = 24
    private var requestedEnvironment: [String: String] = [:]

    private var started = false
    private var admitted = false
    private var finished = false
    private var child: SpawnedChild?
    /// Set while a shell's terminal is open (its fd belongs to `outputs[0]`).
    private var terminal: PseudoTerminalDevice?
    private var outputs: [Channel] = []
    private var openOutputs = 0
    private var exit: ChildExit?
    private var endReason: String?
    private var lastKeystroke = NIODeadline.now()
    private var timers: [Scheduled<Void>] = []
    /// Said on the bottom row while the client's window is larger than the server grants,
    /// drawn again after each redraw of the child's, once its output has paused.
    private var windowNotice: String?
    /// The store is closing; `closingTold`: the child has been signalled so (SIGUSR1).
    private var closing = false
    private var closingTold = false
    private var noticeRedraw: Scheduled<Void>?

    init(settings: SSHServerSettings, registry: SessionRegistry, account: KeyFingerprint, options: KeyOptions) {
        self.settings = settings
        self.registry = registry
        self.account = account
        self.options = options
    }

    private var bound: NIOLoopBound<SessionHandler> {
        NIOLoopBound(self, eventLoop: context!.eventLoop)
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
            guard options.terminal else { return reply(request.wantReply, ok: false) }
            terminalType = request.term
            resize(width: request.terminalCharacterWidth, height: request.terminalRowHeight)
            reply(request.wantReply, ok: !started)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            // Only the customer's language crosses over; PATH, LD_PRELOAD and the rest never do.
            let allowed = request.name == "LANG" || request.name.hasPrefix("LC_")
            if allowed { requestedEnvironment[request.name] = request.value }
            reply(request.wantReply, ok: allowed)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            resize(width: request.terminalCharacterWidth, height: request.terminalRowHeight)
        case let request as SSHChannelRequestEvent.ShellRequest:
            start(command: nil, wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.ExecRequest:
            start(command: request.command, wantReply: request.wantReply)
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
        if width > 0 { asked.width = width }
        if height > 0 { asked.height = height }
        let granted = asked.bounded(by: settings.largestWindow)
        (self.width, self.height) = (granted.width, granted.height)
        windowNotice = granted == asked ? nil
            : "Your window is \(asked) characters; the store uses its top-left \(granted) (at most \(settings.largestWindow))."
        terminal?.resize(width: self.width, height: self.height)
        if windowNotice != nil { scheduleNotice() }
    }

    // MARK: Starting the child

    private func start(command: String?, wantReply: Bool) {
        guard !started, let eventLoop = context?.eventLoop else { return reply(wantReply, ok: false) }
        started = true
        // Accepted either way: a refusal is a message and exit status 1, which ssh shows.
        reply(wantReply, ok: true)
        let bound = self.bound
        let control = SessionControl(
            announceClosing: { eventLoop.execute { bound.value.announceClosing() } },
            close: { eventLoop.execute { bound.value.closeForClosing() } }
        )
        if let refusal = registry.open(ObjectIdentifier(self), account: account.description, control: control) {
            return refuse(refusal)
        }
        admitted = true
        if command == nil, !options.terminal {
            return refuse(
                "storefront: this key may not open a terminal (no-pty or restrict in authorized_keys), so not the store; "
                    + "its commands still run: ssh … transactions"
            )
        }
        switch settings.launch(SessionRequest(account: account, command: command)) {
        case .refuse(let message):
            refuse(message)
        case .run(let arguments):
            do {
                try spawn(arguments: arguments, shell: command == nil)
            } catch {
                refuse("The store cannot open right now (\(error.description)).")
            }
        }
    }

    private func spawn(arguments: [String], shell: Bool) throws(SSHServeError) {
        var environment = settings.environment.merging(requestedEnvironment) { _, customer in customer }
        if environment["LANG"] == nil { environment["LANG"] = "C.UTF-8" }
        let argv = [String(settings.executable.split(separator: "/").last ?? "storefront")] + arguments
        let spawned: SpawnedChild
        if shell {
            environment["TERM"] = terminalType ?? "xterm-256color"
            let device = try PseudoTerminalDevice(width: width, height: height)
            do {
                spawned = try SpawnedChild(
                    path: settings.executable, arguments: argv, environment: environment.map { "\($0)=\($1)" },
                    stdio: .terminal(device.devicePath)
                )
            } catch {
                device.closeDevice()
                close(device.controller)
                throw error
            }
            device.closeDevice()
            terminal = device
            attachOutput(reading: device.controller, writing: closeOnExecDuplicate(device.controller), as: .channel)
        } else {
            let stdout = try closeOnExecPipe()
            let stderr = try closeOnExecPipe()
            defer { close(stdout.write); close(stderr.write) }
            do {
                spawned = try SpawnedChild(
                    path: settings.executable, arguments: argv, environment: environment.map { "\($0)=\($1)" },
                    stdio: .pipes(stdout: stdout.write, stderr: stderr.write)
                )
            } catch {
                close(stdout.read)
                close(stderr.read)
                throw error
            }
            attachOutput(reading: stdout.read, writing: nil, as: .channel)
            attachOutput(reading: stderr.read, writing: nil, as: .stdErr)
        }
        child = spawned
        let bound = self.bound
        let eventLoop = context!.eventLoop
        ChildReaper.shared.watch(spawned.pid) { exit in eventLoop.execute { bound.value.childExited(exit) } }
        startTimers(shell: shell)
        if windowNotice != nil { scheduleNotice() }
    }

    /// Reads the child's output (and, for a terminal, writes its input) through a NIO pipe channel.
    private func attachOutput(reading: Int32, writing: Int32?, as type: SSHChannelData.DataType) {
        guard let eventLoop = context?.eventLoop else { return }
        openOutputs += 1
        let bound = self.bound
        let bootstrap = NIOPipeBootstrap(group: eventLoop).channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(ChildOutputHandler(session: bound, type: type))
            }
        }
        let future = writing.map { bootstrap.takingOwnershipOfDescriptors(input: reading, output: $0) }
            ?? bootstrap.takingOwnershipOfDescriptor(input: reading)
        future.whenComplete { result in
            let session = bound.value
            switch result {
            case .success(let channel):
                session.outputs.append(channel)
                if session.context == nil { channel.close(promise: nil) }
            case .failure:
                close(reading)
                if let writing { close(writing) }
                session.outputClosed()
            }
        }
    }

    // MARK: Bytes both ways

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard terminal != nil, case .channel = message.type, case .byteBuffer(let bytes) = message.data,
              let input = outputs.first
        else { return }
        lastKeystroke = .now()
        input.writeAndFlush(bytes, promise: nil)
        if !input.isWritable { _ = context.channel.setOption(ChannelOptions.autoRead, value: false) }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        let writable = context.channel.isWritable
        for output in outputs { _ = output.setOption(ChannelOptions.autoRead, value: writable) }
    }

    /// The child wrote: on to the client, as data or as stderr.
    func childWrote(_ bytes: ByteBuffer, as type: SSHChannelData.DataType) {
        if closing { tellChildClosing() }
        context?.write(wrapOutboundOut(SSHChannelData(type: type, data: .byteBuffer(bytes))), promise: nil)
    }

    func childOutputPaused() {
        if windowNotice != nil { scheduleNotice() }  // once per batch of reads, not per chunk
        guard let context else { return }
        context.flush()
        if !context.channel.isWritable {
            for output in outputs { _ = output.setOption(ChannelOptions.autoRead, value: false) }
        }
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
        if exit == nil, child != nil { end(nil) }
        for output in outputs { output.close(promise: nil) }
        if !admitted { finished = true }
        context.fireChannelInactive()
    }

    /// The store is closing: a shop's storefront is told with SIGUSR1 and draws the notice
    /// itself, in the customer's language and worded for what they are doing (the server
    /// knows neither). Only once it has drawn: before that, SIGUSR1 could end it.
    func announceClosing() {
        closing = true
        tellChildClosing()
    }

    private func tellChildClosing() {
        guard closing, !closingTold, let child, terminal != nil, exit == nil, openOutputs > 0, !outputs.isEmpty else { return }
        closingTold = true
        child.signal(SIGUSR1)
    }

    /// The store has closed: a storefront that was told says goodbye itself and exits 0;
    /// any other session is told here.
    func closeForClosing() {
        end(closingTold ? nil : "The store is closing. Thank you for shopping!")
    }

    /// The notice goes out once the child has written nothing for a moment: never inside one
    /// of its escape sequences, and after (so over) a frame that redrew the bottom row.
    private func scheduleNotice() {
        guard let eventLoop = context?.eventLoop else { return }
        noticeRedraw?.cancel()
        let bound = self.bound
        noticeRedraw = eventLoop.scheduleTask(in: .milliseconds(30)) { bound.value.drawNotice() }
    }

    private func drawNotice() {
        guard let notice = windowNotice, terminal != nil, !finished else { return }
        // Over the bottom row, where ncurses draws the help bar: save the cursor, write, restore.
        send("\u{1B}7\u{1B}[\(height);1H\u{1B}[7m \(notice) \u{1B}[0m\u{1B}[K\u{1B}8", as: .channel)
    }

    /// Ends the child (SIGHUP, then SIGKILL if it lingers); `reason` is shown once it is gone.
    func end(_ reason: String?) {
        guard let child, exit == nil else { return }
        if endReason == nil { endReason = reason }
        child.signal(SIGHUP)
        guard let eventLoop = context?.eventLoop ?? outputs.first?.eventLoop else { return }
        timers.append(eventLoop.scheduleTask(in: .seconds(5)) { child.signal(SIGKILL) })
    }

    func outputClosed() {
        openOutputs -= 1
        if openOutputs == 0 { terminal = nil }
        finishIfDone()
    }

    func childExited(_ exit: ChildExit) {
        self.exit = exit
        finishIfDone()
    }

    /// Once the child has ended and its output is all sent: the reason, the exit status, close.
    private func finishIfDone() {
        guard let exit, openOutputs == 0, !finished else { return }
        finished = true
        timers.forEach { $0.cancel() }
        noticeRedraw?.cancel()
        registry.close(ObjectIdentifier(self), account: account.description)
        if let endReason { send(endReason, as: terminalType == nil ? .stdErr : .channel) }
        closeChannel(status: exit.status)
    }

    private func refuse(_ message: String) {
        send(message, as: terminalType == nil ? .stdErr : .channel)
        finished = true
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

    private func startTimers(shell: Bool) {
        guard let eventLoop = context?.eventLoop else { return }
        let bound = self.bound
        let limit = settings.maxSession
        timers.append(eventLoop.scheduleTask(in: limit.timeAmount) {
            bound.value.end("This session has reached its limit of \(limit.spoken). Thank you for shopping!")
        })
        if shell { scheduleIdleCheck(at: lastKeystroke + settings.idle.timeAmount) }
    }

    /// Only the customer's keystrokes count: what the store draws (a turning spinner) does not.
    private func scheduleIdleCheck(at deadline: NIODeadline) {
        guard let eventLoop = context?.eventLoop else { return }
        let bound = self.bound
        timers.append(eventLoop.scheduleTask(deadline: deadline) {
            let session = bound.value
            let due = session.lastKeystroke + session.settings.idle.timeAmount
            if due <= .now() {
                session.end("No key pressed for \(session.settings.idle.spoken): this session has ended.")
            } else {
                session.scheduleIdleCheck(at: due)
            }
        })
    }
}

/// The child's side of one output (a terminal or a pipe), handing what it reads to the session.
private final class ChildOutputHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let session: NIOLoopBound<SessionHandler>
    private let type: SSHChannelData.DataType

    init(session: NIOLoopBound<SessionHandler>, type: SSHChannelData.DataType) {
        self.session = session
        self.type = type
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.value.childWrote(unwrapInboundIn(data), as: type)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        session.value.childOutputPaused()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        session.value.childInputWritabilityChanged(context.channel.isWritable)
    }

    /// EIO once the child and its terminal are gone: the end of its output.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.value.outputClosed()
    }
}
