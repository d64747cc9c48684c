import Foundation
import StorefrontTestSupport
import Testing

/// The casts `storefront demo` records, replayed in a real terminal.
@Suite("Demo casts in a terminal")
struct DemoCastTests {
    /// `asciinema cat` replays the cast in a tmux window of the cast's size; the window
    /// must then show the tape's last screen.
    @Test(
        .enabled(if: ChildProcess.find("asciinema") != nil, "asciinema is not installed (.ci/install-deps --demo)"),
        arguments: DemoRecording.demos
    )
    func castsReplayInATerminal(_ demo: String) async throws {
        let played = try await DemoRecording.of(demo)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("demo.cast").path
        try played.cast.write(toFile: cast, atomically: true, encoding: .utf8)

        let status = folder.appendingPathComponent("status").path
        let done = folder.appendingPathComponent("done").path
        let script = "asciinema cat \(shellCommand([cast])); echo $? > \(shellCommand([status])); touch \(shellCommand([done])); sleep 60"
        // A configuration folder of its own: on a machine where asciinema never ran, the seven
        // replays at once each create ~/.config/asciinema, and all but one fail "File exists".
        let config = folder.appendingPathComponent("asciinema").path
        let tmux = try await TmuxSession(
            width: 80, height: 24,
            command: shellCommand(["env", "LANG=C.UTF-8", "ASCIINEMA_CONFIG_HOME=\(config)", "sh", "-c", script])
        )
        let final = played.frames.final
        let title = try #require(final.trimmedRight.first { !$0.isEmpty })
        try await waitForFile(done, "asciinema cat did not finish")
        let pane = try await tmux.screen(showing: title.trimmingCharacters(in: .whitespaces))
        #expect(try String(contentsOfFile: status, encoding: .utf8) == "0\n")
        #expect(pane.trimmedRight == final.trimmedRight)
    }
}
