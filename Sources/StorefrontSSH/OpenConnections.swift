import Foundation
import NIOCore

/// The server's open connections, so that stopping can let each client close its own:
/// a client whose connection the server cuts first fails to say goodbye ("client_loop:
/// send disconnect: Broken pipe") and its `ssh` exits 255.
///
/// ```swift
/// connections.add(channel)   // removed again when it closes
/// await connections.closeAll(waitingUpTo: .seconds(2))
/// ```
final class OpenConnections: @unchecked Sendable {
    private let lock = NSLock()
    private var channels: [ObjectIdentifier: Channel] = [:]

    func add(_ channel: Channel) {
        let id = ObjectIdentifier(channel)
        lock.withLock { channels[id] = channel }
        channel.closeFuture.whenComplete { _ in self.lock.withLock { _ = self.channels.removeValue(forKey: id) } }
    }

    private var open: [Channel] {
        lock.withLock { Array(channels.values) }
    }

    /// Gives the clients `limit` to close their connections (each does once its sessions
    /// have ended), then closes what is left.
    func closeAll(waitingUpTo limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while !open.isEmpty, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        for channel in open { try? await channel.close() }
    }
}
