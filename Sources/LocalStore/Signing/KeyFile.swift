#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SystemCalls

/// Owner-only secret files that appear complete or not at all: the store key here, the
/// server's signing keys in StoreServerAPI.
package enum KeyFile {
    /// Writes `contents` to `url` with mode 0600 unless the file already exists, as
    /// `PrivateFile.create` does: when two processes race, exactly one wins and the other
    /// reads the winner's complete key.
    ///
    /// - Returns: false when another process created the file first.
    package static func createExclusively(at url: URL, contents: String) throws(LedgerError) -> Bool {
        do {
            return try PrivateFile.create(at: url.path, contents: contents)
        } catch {
            throw ledgerError(error)
        }
    }

    /// Reads the file at `url`, refusing it when it is not a regular file (a FIFO would
    /// block for ever, a device is nobody's key) or its group or others may read or write it.
    package static func readPrivate(at url: URL) throws(LedgerError) -> String {
        // Non-blocking, so that opening a FIFO returns at once and is refused below.
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw .cannotRead(path: url.path, reason: String(cString: strerror(errno)))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .cannotRead(path: url.path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .notARegularFile(path: url.path, kind: fileKind(status.st_mode))
        }
        let mode = Int(status.st_mode) & 0o777
        guard mode & 0o077 == 0 else {
            throw .keyFileNotPrivate(path: url.path, mode: mode)
        }
        do {
            return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        } catch {
            throw .cannotRead(path: url.path, reason: Ledger.reason(error))
        }
    }

    /// What a file that is not a regular one is, in `ls -l`'s words.
    static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// Replaces the file at `url` with `contents`, mode 0600, as `PrivateFile.replace`
    /// does: readers see the old file or the new, never part of one.
    package static func replace(at url: URL, contents: String) throws(LedgerError) {
        do {
            try PrivateFile.replace(at: url.path, contents: contents)
        } catch {
            throw ledgerError(error)
        }
    }

    private static func ledgerError(_ failure: PrivateFile.Failure) -> LedgerError {
        failure.creating
            ? .cannotCreate(path: failure.path, reason: failure.reason) : .cannotWrite(path: failure.path, reason: failure.reason)
    }

    /// Runs `body` holding an exclusive `flock` on the file at `url`, which must exist.
    ///
    /// `replace` renames a new file into place, so a process that waited for the lock may
    /// hold it on a file no longer at `url`; it then locks the one that is.
    static func withExclusiveLock<T>(on url: URL, _ body: () throws(LedgerError) -> T) throws(LedgerError) -> T {
        while true {
            let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw .cannotRead(path: url.path, reason: String(cString: strerror(errno)))
            }
            defer { close(descriptor) }  // which also releases the lock
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    throw .cannotWrite(path: url.path, reason: String(cString: strerror(errno)))
                }
            }
            var locked = stat()
            var current = stat()
            guard fstat(descriptor, &locked) == 0, stat(url.path, &current) == 0 else {
                throw .cannotRead(path: url.path, reason: String(cString: strerror(errno)))
            }
            if locked.st_dev == current.st_dev, locked.st_ino == current.st_ino {
                return try body()
            }
        }
    }
}
