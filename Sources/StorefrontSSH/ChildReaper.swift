#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How a child ended: an exit status, or the signal that killed it.
enum ChildExit: Sendable {
    case exited(Int32)
    case signaled(Int32)

    /// The status a shell would report: the code, or 128 + the signal.
    var status: Int {
        switch self {
        case .exited(let code): Int(code)
        case .signaled(let signal): 128 + Int(signal)
        }
    }

    /// Decodes waitpid's status (WIFEXITED and friends are macros Swift cannot import).
    init(waitStatus: Int32) {
        let signal = waitStatus & 0x7F
        self = signal == 0 ? .exited((waitStatus >> 8) & 0xFF) : .signaled(signal)
    }
}

/// Reaps every child the server starts, so none lingers as a zombie, and tells whoever
/// watches a child how it ended.
///
/// One thread blocks in waitpid(-1) while children live, and sleeps on a semaphore while
/// none do (waitpid would return at once, and the thread would spin). The server starts
/// no child it does not hand to `watch`.
///
/// ```swift
/// let child = try SpawnedChild(path: "/bin/true", arguments: ["true"], environment: [], stdio: …)
/// ChildReaper.shared.watch(child.pid) { exit in print(exit.status) }   // 0
/// ```
final class ChildReaper: @unchecked Sendable {
    static let shared = ChildReaper()

    private let lock = NSLock()
    private let living = DispatchSemaphore(value: 0)
    private var watchers: [pid_t: @Sendable (ChildExit) -> Void] = [:]
    /// Children that ended before anyone watched them.
    private var unclaimed: [pid_t: ChildExit] = [:]

    private init() {
        let thread = Thread { [unowned self] in self.reapForever() }
        thread.name = "storefront-reaper"
        thread.start()
    }

    /// Calls `ended` once, on the reaper's thread, when `pid` (started just before) ends.
    func watch(_ pid: pid_t, ended: @escaping @Sendable (ChildExit) -> Void) {
        lock.lock()
        let early = unclaimed.removeValue(forKey: pid)
        if early == nil { watchers[pid] = ended }
        lock.unlock()
        // One signal per child, always: a child reaped early took another child's turn.
        living.signal()
        if let early { ended(early) }
    }

    private func reapForever() {
        while true {
            living.wait()
            var status: Int32 = 0
            var pid: pid_t
            repeat { pid = waitpid(-1, &status, 0) } while pid < 0 && errno == EINTR
            guard pid > 0 else { continue }
            let exit = ChildExit(waitStatus: status)
            lock.lock()
            let watcher = watchers.removeValue(forKey: pid)
            if watcher == nil { unclaimed[pid] = exit }
            lock.unlock()
            watcher?(exit)
        }
    }
}
