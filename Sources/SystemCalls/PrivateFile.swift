#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Owner-only secret files (the SSH host key, the store's signing keys) that a reader sees
/// complete or not at all, and never readable by others: the bytes go to a private
/// temporary file (mode 0600) in the same folder, fsynced, which is then linked or renamed
/// into place. The one writer of key files.
///
/// ```swift
/// if try !PrivateFile.create(at: "keys/host_key", contents: pem) {
///     // another process made it first: read theirs
/// }
/// ```
public enum PrivateFile {
    /// The file could not be made (`creating`: no new file, or no link into place) or
    /// written; `path` is the file asked for, not the temporary one.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let creating: Bool
        public let system: SystemCallError

        init(path: String, creating: Bool) {
            self.path = path
            self.creating = creating
            system = SystemCallError(creating ? "cannot create \(path)" : "cannot write \(path)")
        }

        /// The system's words: "Permission denied".
        public var reason: String { system.reason }
        public var description: String { system.description }
    }

    /// Writes `contents` to `path` unless a file is already there: `link` never replaces
    /// one, so when two processes race, exactly one wins and the other reads the winner's.
    ///
    /// - Returns: false when the file already exists.
    public static func create(at path: String, contents: String) throws(PrivateFile.Failure) -> Bool {
        let temporary = try writeTemporaryFile(beside: path, contents: contents)
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return false }
            throw Failure(path: path, creating: true)
        }
        syncFolder(of: path)
        return true
    }

    /// Replaces the file at `path` (or makes it): readers see the old file or the new.
    public static func replace(at path: String, contents: String) throws(PrivateFile.Failure) {
        let temporary = try writeTemporaryFile(beside: path, contents: contents)
        guard rename(temporary, path) == 0 else {
            let failure = Failure(path: path, creating: false)
            unlink(temporary)
            throw failure
        }
        syncFolder(of: path)
    }

    /// A new file of mode 0600 beside `path` holding `contents`, fsynced; its path. Errors
    /// name `path`, the file the user knows.
    private static func writeTemporaryFile(beside path: String, contents: String) throws(PrivateFile.Failure) -> String {
        let (folder, name) = split(path)
        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        // mkstemp: a name no one else has, opened O_EXCL with mode 0600.
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw Failure(path: path, creating: true) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        defer { close(descriptor) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                let failure = Failure(path: path, creating: false)
                unlink(temporary)
                throw failure
            }
            written += result
        }
        guard fsync(descriptor) == 0 else {
            let failure = Failure(path: path, creating: false)
            unlink(temporary)
            throw failure
        }
        return temporary
    }

    /// (folder, file name); "." for a bare name.
    private static func split(_ path: String) -> (String, Substring) {
        guard let slash = path.lastIndex(of: "/") else { return (".", Substring(path)) }
        let folder = path[..<slash]
        return (folder.isEmpty ? "/" : String(folder), path[path.index(after: slash)...])
    }

    /// Makes the new directory entry survive a power cut; best effort, since some file
    /// systems refuse fsync on directories.
    private static func syncFolder(of path: String) {
        let descriptor = open(split(path).0, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
