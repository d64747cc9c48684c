import Dispatch
import Foundation

/// The last word on SIGTERM and SIGINT: once one arrives, the process ends `drain` plus `grace`
/// later even if something under way (a client, a webhook, a wedged library) keeps the orderly
/// stop from finishing. Its timer runs on a Dispatch queue, not on Swift's task pool, so it
/// fires even when every task is stuck.
///
/// ```swift
/// let deadline = StopDeadline(drain: .seconds(10))
/// defer { deadline.disarm() }
/// ```
public final class StopDeadline: @unchecked Sendable {
    /// What the stop may take beyond the drain: closing sockets, recording a delivery round.
    public static let grace = Duration.seconds(2)

    // Set once in init, then only cancelled (Dispatch sources are thread-safe).
    private let sources: [any DispatchSourceSignal]

    public init(drain: Duration) {
        let queue = DispatchQueue(label: "storefront.stop-deadline")
        let limit = drain + Self.grace
        sources = [SIGTERM, SIGINT].map { number in
            #if canImport(Darwin)
            // Dispatch's kqueue sees a signal only once its default action is off. On Linux,
            // Dispatch installs a handler of its own when the first source of a signal registers:
            // SIG_IGN set after that would discard the signal for every source, for good.
            signal(number, SIG_IGN)
            #endif
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                queue.asyncAfter(deadline: .now() + Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18) {
                    FileHandle.standardError.write(Data("storefront: still stopping \(limit) after the signal; exiting\n".utf8))
                    _exit(0)
                }
            }
            source.resume()
            return source
        }
    }

    /// Stops listening for signals. An exit a signal already scheduled still comes: if what
    /// follows the orderly stop hangs, the process ends all the same.
    public func disarm() {
        sources.forEach { $0.cancel() }
    }
}
