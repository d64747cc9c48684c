import Foundation

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

    private static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return (-1, "\(error)")
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
