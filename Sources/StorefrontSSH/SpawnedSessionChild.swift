#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOPosix
import NIOSSH
import SystemCalls

/// A session's program, started with posix_spawn on a pseudo-terminal of its own (a shell)
/// or on pipes (an exec), its output read through NIO pipe channels on the session's event
/// loop. Reaped by `ChildReaper`, which tells the session how it ended.
final class SpawnedSessionChild: SessionChild {
    private let process: SpawnedProcess
    /// Set for a shell; its controller fd belongs to `outputs[0]`.
    private let terminal: PseudoTerminalDevice?
    private let session: NIOLoopBound<SessionHandler>
    private var outputs: [Channel] = []
    private var openOutputs = 0
    private var closed = false

    private init(process: SpawnedProcess, terminal: PseudoTerminalDevice?, session: NIOLoopBound<SessionHandler>) {
        self.process = process
        self.terminal = terminal
        self.session = session
    }

    /// Starts `launch`'s program; its output, input and end reach `session`.
    static func launch(_ launch: ChildLaunch, session: NIOLoopBound<SessionHandler>) throws(SSHServeError) -> any SessionChild {
        let child: SpawnedSessionChild
        if let window = launch.window {
            let device = try PseudoTerminalDevice(width: window.width, height: window.height)
            do {
                child = SpawnedSessionChild(
                    process: try SpawnedProcess(
                        session: launch.executable, arguments: launch.arguments, environment: launch.environment,
                        stdio: .terminal(device.devicePath)
                    ),
                    terminal: device, session: session
                )
            } catch {
                device.closeDevice()
                close(device.controller)
                throw error
            }
            device.closeDevice()
            child.attachOutput(reading: device.controller, writing: Descriptors.duplicate(device.controller), as: .channel)
        } else {
            let stdout: (read: Int32, write: Int32)
            let stderr: (read: Int32, write: Int32)
            do {
                stdout = try Descriptors.pipe()
                stderr = try Descriptors.pipe()
            } catch {
                throw .unavailable(error.description)
            }
            defer { close(stdout.write); close(stderr.write) }
            do {
                child = SpawnedSessionChild(
                    process: try SpawnedProcess(
                        session: launch.executable, arguments: launch.arguments, environment: launch.environment,
                        stdio: .pipes(stdout: stdout.write, stderr: stderr.write)
                    ),
                    terminal: nil, session: session
                )
            } catch {
                close(stdout.read)
                close(stderr.read)
                throw error
            }
            child.attachOutput(reading: stdout.read, writing: nil, as: .channel)
            child.attachOutput(reading: stderr.read, writing: nil, as: .stdErr)
        }
        let eventLoop = session.eventLoop
        ChildReaper.shared.watch(child.process.pid) { exit in eventLoop.execute { session.value.childExited(exit) } }
        return child
    }

    func signal(_ number: Int32) {
        process.signalGroup(number)
    }

    func resize(_ size: WindowSize) {
        terminal?.resize(width: size.width, height: size.height)
    }

    func write(_ bytes: ByteBuffer) -> Bool {
        guard terminal != nil, let input = outputs.first else { return true }
        input.writeAndFlush(bytes, promise: nil)
        return input.isWritable
    }

    func setReading(_ reading: Bool) {
        for output in outputs { _ = output.setOption(ChannelOptions.autoRead, value: reading) }
    }

    func closeOutputs() {
        closed = true
        for output in outputs { output.close(promise: nil) }
    }

    /// Reads the child's output (and, for a terminal, writes its input) through a NIO pipe channel.
    private func attachOutput(reading: Int32, writing: Int32?, as type: SSHChannelData.DataType) {
        openOutputs += 1
        let session = self.session
        let bootstrap = NIOPipeBootstrap(group: session.eventLoop).channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(ChildOutputHandler(session: session, type: type))
            }
        }
        let future = writing.map { bootstrap.takingOwnershipOfDescriptors(input: reading, output: $0) }
            ?? bootstrap.takingOwnershipOfDescriptor(input: reading)
        let bound = NIOLoopBound(self, eventLoop: session.eventLoop)
        future.whenComplete { result in
            let child = bound.value
            switch result {
            case .success(let channel):
                child.outputs.append(channel)
                channel.closeFuture.whenComplete { _ in bound.value.outputClosed() }
                if child.closed { channel.close(promise: nil) }
            case .failure:
                close(reading)
                if let writing { close(writing) }
                child.outputClosed()
            }
        }
    }

    private func outputClosed() {
        openOutputs -= 1
        if openOutputs == 0 { session.value.childOutputsClosed() }
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
}
