import Foundation
import GRDB

/// Lets an async body run its statements inside GRDB's synchronous `write` (or `read`)
/// closure: the closure serves the statements it is handed, one at a time on GRDB's own
/// thread, until the body is done. GRDB keeps owning the transaction: it commits when the
/// body finished and rolls back when the body threw.
final class StatementChannel: @unchecked Sendable {
    private struct Statement {
        var run: (Database) -> Void
        var fail: (any Error) -> Void
    }

    // Guards everything below; `serve` waits on it for the next statement.
    private let condition = NSCondition()
    private var pending: [Statement] = []
    /// Set when the body is done: `.some(nil)` finished, `.some(error)` threw.
    private var outcome: (any Error)?? = nil
    /// Set when GRDB's access ended or never began: nothing more can run.
    private var closedBy: (any Error)?

    /// Runs `body`, whose statements `access` (GRDB's `write` or `read`) serves in one transaction.
    static func run<T: Sendable>(
        access: @escaping @Sendable (@escaping @Sendable (Database) throws -> Void) async throws -> Void,
        body: @escaping @Sendable (StatementChannel) async throws -> T
    ) async throws -> T {
        let channel = StatementChannel()
        async let served: Void = channel.serve(through: access)
        let result: Result<T, any Error>
        do {
            result = .success(try await body(channel))
        } catch {
            result = .failure(error)
        }
        channel.finish(result)
        do {
            try await served
        } catch {
            // GRDB rethrows the body's error after rolling back; any other is its own.
            if case .failure(let bodyError) = result { throw bodyError }
            throw error
        }
        return try result.get()
    }

    /// Runs one statement on GRDB's thread, inside the transaction.
    func perform<T: Sendable>(_ statement: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            if let closedBy {
                continuation.resume(throwing: closedBy)
                return
            }
            pending.append(Statement(
                run: { db in continuation.resume(with: Result { try statement(db) }) },
                fail: { continuation.resume(throwing: $0) }
            ))
            condition.signal()
        }
    }

    private func serve(
        through access: @Sendable (@escaping @Sendable (Database) throws -> Void) async throws -> Void
    ) async throws {
        do {
            try await access { db in try self.serve(db) }
        } catch {
            close(error)
            throw error
        }
    }

    /// GRDB's closure: runs statements until the body is done, then returns or throws as it did.
    private func serve(_ db: Database) throws {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if !pending.isEmpty {
                let statement = pending.removeFirst()
                condition.unlock()
                statement.run(db)
                condition.lock()
            } else if let outcome {
                if let error = outcome { throw error }
                return
            } else {
                condition.wait()
            }
        }
    }

    private func finish<T>(_ result: Result<T, any Error>) {
        condition.lock()
        if case .failure(let error) = result { outcome = .some(error) } else { outcome = .some(nil) }
        condition.signal()
        condition.unlock()
    }

    /// Fails the statements still waiting, and any sent later, with `error`.
    private func close(_ error: any Error) {
        condition.lock()
        closedBy = error
        let waiting = pending
        pending = []
        condition.unlock()
        for statement in waiting { statement.fail(error) }
    }
}
