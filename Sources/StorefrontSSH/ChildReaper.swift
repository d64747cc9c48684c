#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SystemCalls

/// Reaps every child the server starts, so none lingers as a zombie, and tells whoever
/// watches a child how it ended.
///
/// One thread blocks in waitpid(-1) while children live, and sleeps on a semaphore while
/// none do (waitpid would return at once, and the thread would spin). The server starts
/// no child it does not hand to `watch`.
///
/// ```swift
/// let child = try SpawnedProcess(session: "/bin/true", arguments: ["true"], environment: [], stdio: …)
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
