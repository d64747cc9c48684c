import Foundation
import Testing

/// A command run in a tmux pane by a shell that records the terminal around it, as a user
/// at a terminal would see it: `stty -a` and tmux's own modes (alternate screen, cursor,
/// mouse, keypad) before the command starts and after it ends, its exit status, its
/// standard error and its process ID (for signals).
///
/// The shell waits for a go-ahead file, so the modes before are read before the command runs.
/// Like a user's interactive shell it survives a Ctrl-C meant for the command (`trap : INT`;
/// the command still gets the default action, as a caught signal is reset by exec).
final class WitnessedRun {
    let tmux: TmuxSession
    private let folder: URL
    private let modesBefore: String

    struct Outcome {
        let status: Int32
        let stderr: String
        let sttyBefore: String
        let sttyAfter: String
        let modesBefore: String
        let modesAfter: String
    }

    init(_ words: [String], width: Int = 80, height: Int = 24) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-witness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
        let file = { (name: String) in shellCommand([folder.appendingPathComponent(name).path]) }
        let script = """
            trap : INT; stty -a > \(file("stty-before")); touch \(file("ready")); \
            while [ ! -f \(file("go")) ]; do sleep 0.02; done; \
            sh -c 'echo $$ > "$0"; exec "$@"' \(file("pid")) \(shellCommand(words)) 2> \(file("stderr")); \
            echo $? > \(file("status")); stty -a > \(file("stty-after")); touch \(file("done")); sleep 120
            """
        let tmux = try await TmuxSession(width: width, height: height, command: shellCommand(["sh", "-c", script]))
        self.tmux = tmux
        try await waitForFile(folder.appendingPathComponent("ready").path, "the pane's shell did not start")
        modesBefore = try await tmux.modes()
        FileManager.default.createFile(atPath: folder.appendingPathComponent("go").path, contents: nil)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The command's process ID, once it has started.
    func pid() async throws -> pid_t {
        let file = folder.appendingPathComponent("pid")
        try await waitForFile(file.path, "the command did not start")
        var text = ""
        while text.isEmpty {  // written by the shell just after the file appears
            text = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return try #require(pid_t(text))
    }

    /// Waits for the command to end and reads what was recorded.
    func outcome(within timeout: Duration = TmuxSession.patience) async throws -> Outcome {
        try await waitForFile(folder.appendingPathComponent("done").path, timeout: timeout, "the command did not end")
        let read = { (name: String) in try String(contentsOf: self.folder.appendingPathComponent(name), encoding: .utf8) }
        return Outcome(
            status: try #require(Int32(read("status").trimmingCharacters(in: .whitespacesAndNewlines))),
            stderr: try read("stderr"),
            sttyBefore: try read("stty-before"), sttyAfter: try read("stty-after"),
            modesBefore: modesBefore, modesAfter: try await tmux.modes()
        )
    }
}
