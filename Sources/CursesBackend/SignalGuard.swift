#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

// Signal handling for a running terminal. Handlers only do async-signal-safe work:
// - SIGINT, SIGTERM, SIGHUP set `pendingSignal`; the input loop sees it within its
//   timeout and leaves through `endwin` like any other exit. A second one while the
//   first is pending restores the terminal directly and exits.
// - Crashes (SIGSEGV, SIGILL, SIGBUS, SIGFPE, SIGABRT) restore the terminal, put the
//   previous handler back (the Swift runtime's backtracer, if any) and return, so the
//   fault repeats and is reported on a usable terminal.
// - SIGUSR1 (a server closing the store) sets `storeClosingAnnounced`; the frame loop
//   shows the closing notice.

/// The first interrupting signal not yet handled by the input loop; 0 when none.
let pendingSignal = Atomic<Int32>(0)

/// Set by SIGUSR1: the server that runs this session is closing the store.
let storeClosingAnnounced = Atomic<Bool>(false)

private let interruptSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
private let crashSignals: [Int32] = [SIGSEGV, SIGILL, SIGBUS, SIGFPE, SIGABRT]

/// What the handlers need. Written only while no handler of ours is installed; the
/// handlers only read it.
private struct EmergencyRestore {
    var inputDescriptor: Int32 = -1
    var outputDescriptor: Int32 = -1
    var savedModes = termios()
    /// The actions in place before ours, indexed by signal number.
    var previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
}

nonisolated(unsafe) private var emergency = EmergencyRestore()

/// Escape sequences that leave the alternate screen, show the cursor and reset
/// attributes: a malloc'ed block, its byte count first. Known only once ncurses has
/// read terminfo, after the handlers are in place, so it is published atomically (as
/// the block's address; 0 for none).
private let restoreBytes = Atomic<Int>(0)

private func restoreTerminalFromHandler() {
    if let block = UnsafeMutableRawPointer(bitPattern: restoreBytes.load(ordering: .sequentiallyConsistent)) {
        _ = write(emergency.outputDescriptor, block + MemoryLayout<Int>.size, block.load(as: Int.self))
    }
    var modes = emergency.savedModes
    _ = tcsetattr(emergency.inputDescriptor, TCSANOW, &modes)
}

private let interruptHandler: @convention(c) (Int32) -> Void = { signal in
    let first = pendingSignal.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent)
    if !first.exchanged {
        restoreTerminalFromHandler()
        _exit(128 + signal)
    }
}

private let closingHandler: @convention(c) (Int32) -> Void = { _ in
    storeClosingAnnounced.store(true, ordering: .sequentiallyConsistent)
}

private let crashHandler: @convention(c) (Int32) -> Void = { signal in
    restoreTerminalFromHandler()
    sigaction(signal, emergency.previousActions + Int(signal), nil)
}

/// Installs the handlers for a terminal on `input`/`output`. Call before `newterm`, so
/// ncurses sees them and does not install its own for the same signals.
func installSignalHandlers(input: Int32, output: Int32) {
    pendingSignal.store(0, ordering: .sequentiallyConsistent)
    storeClosingAnnounced.store(false, ordering: .sequentiallyConsistent)
    emergency.inputDescriptor = input
    emergency.outputDescriptor = output
    _ = tcgetattr(input, &emergency.savedModes)
    for signal in interruptSignals {
        install(interruptHandler, for: signal)
    }
    for signal in crashSignals {
        install(crashHandler, for: signal)
    }
    install(closingHandler, for: SIGUSR1)
}

/// Gives the handlers the bytes that undo the screen setup.
func setEmergencyRestoreSequences(_ bytes: [UInt8]) {
    let block = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<Int>.size + bytes.count, alignment: MemoryLayout<Int>.alignment)
    block.storeBytes(of: bytes.count, as: Int.self)
    bytes.withUnsafeBytes { source in
        if let base = source.baseAddress {
            (block + MemoryLayout<Int>.size).copyMemory(from: base, byteCount: source.count)
        }
    }
    let old = restoreBytes.exchange(Int(bitPattern: block), ordering: .sequentiallyConsistent)
    UnsafeMutableRawPointer(bitPattern: old)?.deallocate()
}

/// Puts back the actions that were in place before `installSignalHandlers`.
func removeSignalHandlers() {
    for signal in interruptSignals + crashSignals + [SIGUSR1] {
        sigaction(signal, emergency.previousActions + Int(signal), nil)
    }
    UnsafeMutableRawPointer(bitPattern: restoreBytes.exchange(0, ordering: .sequentiallyConsistent))?.deallocate()
    pendingSignal.store(0, ordering: .sequentiallyConsistent)
}

private func install(_ handler: @convention(c) (Int32) -> Void, for signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no SA_RESTART: a blocking read returns so the loop can notice
    sigaction(signal, &action, emergency.previousActions + Int(signal))
}
