import Foundation
import StorefrontTestSupport

/// A small tmpfs mounted for the length of a closure, for a full or read-only disk. Needs root
/// (CI runs as root); `nil` with the reason when mounting is not possible here.
enum TmpfsMount {
    /// Mounts a tmpfs of `options` (e.g. `size=256k` or `ro,size=64k`) on a new folder `name`
    /// inside `parent`, runs `body` with it and unmounts however `body` ends.
    static func with<T>(
        _ options: String, named name: String, in parent: URL, _ body: (URL) async throws -> T
    ) async throws -> Result<T, Unavailable> {
        let folder = parent.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mounted = run("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", folder.path])
        guard mounted.status == 0 else {
            return .failure(Unavailable(reason: "cannot mount a tmpfs (\(mounted.output.trimmingCharacters(in: .whitespacesAndNewlines)))"))
        }
        defer { _ = run("/bin/umount", [folder.path]) }
        return .success(try await body(folder))
    }

    struct Unavailable: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// Runs a quick command to its end, blocking (unmounting happens in a `defer`): its exit
    /// status and everything it printed.
    private static func run(_ executable: String, _ arguments: [String]) -> (status: Int32?, output: String) {
        guard let output = ChildProcess.runBlocking(executable, arguments) else { return (nil, "cannot run \(executable)") }
        return (output.status, output.stdout + output.stderr)
    }
}
