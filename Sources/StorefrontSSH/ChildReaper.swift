#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
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
final class ChildReaper: Sendable {
    static let shared = ChildReaper()

    private let living = DispatchSemaphore(value: 0)
    /// Who waits for each child, and the children that ended before anyone watched them.
    private let children = Mutex<(watchers: [pid_t: @Sendable (ChildExit) -> Void], unclaimed: [pid_t: ChildExit])>(([:], [:]))

    private init() {
        let thread = Thread { [unowned self] in self.reapForever() }
        thread.name = "storefront-reaper"
        thread.start()
    }

    /// Calls `ended` once, on the reaper's thread, when `pid` (started just before) ends.
    func watch(_ pid: pid_t, ended: @escaping @Sendable (ChildExit) -> Void) {
        let early = children.withLock { children in
            let early = children.unclaimed.removeValue(forKey: pid)
            if early == nil { children.watchers[pid] = ended }
            return early
        }
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
            let watcher = children.withLock { children in
                let watcher = children.watchers.removeValue(forKey: pid)
                if watcher == nil { children.unclaimed[pid] = exit }
                return watcher
            }
            watcher?(exit)
        }
    }
}
