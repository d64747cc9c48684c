import Dispatch
import Foundation
import GRDB

/// Runs an async transaction body inside GRDB's synchronous `write` (or `read`) closure, on
/// GRDB's own thread: the body has this channel as its task executor, and the closure runs
/// the body's jobs until the body is done. Its statements therefore run where the connection
/// is, with no hop to other threads while the transaction holds SQLite's lock. GRDB keeps
/// owning the transaction: it commits when the body finished and rolls back when it threw.
final class StatementChannel: TaskExecutor, @unchecked Sendable {
    // Guards everything below; `serve` waits on it for the next job.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    /// Set when the body is done: `.some(nil)` finished, `.some(error)` threw.
    private var outcome: (any Error)?? = nil
    /// The connection, while GRDB's closure serves.
    private var database: Database?
    /// Set when GRDB's access ended or never began: jobs then run on other threads, and
    /// statements fail with this.
    private var closedBy: (any Error)?

    /// Runs `body`, whose statements `access` (GRDB's `write` or `read`) serves in one transaction.
    ///
    /// The body is a task of its own whose first job, like every later one, is queued on the
    /// channel, so it starts on GRDB's thread as soon as the closure serves; this task only
    /// waits for GRDB. The caller's task therefore comes back to a cooperative thread once,
    /// as with any GRDB call: in a process whose cooperative threads are busy, every extra
    /// turn there (a child task to start, an executor to leave, a child to rejoin) made each
    /// transaction wait behind all that work again.
    static func run<T: Sendable>(
        access: @escaping @Sendable (@escaping @Sendable (Database) throws -> Void) async throws -> Void,
        body: @escaping @Sendable (StatementChannel) async throws -> T
    ) async throws -> T {
        let channel = StatementChannel()
        let bodyTask = Task(executorPreference: channel) { () -> Result<T, any Error> in
            let result: Result<T, any Error>
            do {
                result = .success(try await body(channel))
            } catch {
                result = .failure(error)
            }
            // Still on GRDB's thread: the closure returns as soon as this job ends.
            channel.finish(result)
            return result
        }
        do {
            try await withTaskCancellationHandler {
                try await channel.serve(through: access)
            } onCancel: {
                bodyTask.cancel()
            }
        } catch {
            // GRDB rethrows the body's error after rolling back; any other is its own (the
            // body's jobs then ran elsewhere, where its statements failed).
            if case .failure(let bodyError) = await bodyTask.value { throw bodyError }
            throw error
        }
        // Done already: its last job ran before GRDB's closure returned.
        return try await bodyTask.value.get()
    }

    /// Runs one statement on the connection, inside the transaction (the body runs on GRDB's
    /// thread, so this never suspends).
    func perform<T>(_ statement: (Database) throws -> T) throws -> T {
        let (database, closedBy) = condition.withLock { (self.database, self.closedBy) }
        guard let database else { throw closedBy ?? CancellationError() }
        return try statement(database)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        defer { condition.unlock() }
        if closedBy != nil {
            runElsewhere(job)
        } else {
            jobs.append(job)
            condition.signal()
        }
    }

    private func runElsewhere(_ job: UnownedJob) {
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global().async { job.runSynchronously(on: executor) }
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
        close(CancellationError())
    }

    /// GRDB's closure: runs the body's jobs until it is done, then returns or throws as it did.
    private func serve(_ db: Database) throws {
        condition.lock()
        database = db
        defer {
            database = nil
            condition.unlock()
        }
        while true {
            if !jobs.isEmpty {
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
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
        condition.withLock {
            if case .failure(let error) = result { outcome = .some(error) } else { outcome = .some(nil) }
            condition.signal()
        }
    }

    /// GRDB's access ended (or never began): the body's waiting jobs, and any later, run on
    /// other threads, where its statements fail with `error`.
    private func close(_ error: any Error) {
        condition.withLock {
            closedBy = closedBy ?? error
            for job in jobs { runElsewhere(job) }
            jobs = []
        }
    }
}
