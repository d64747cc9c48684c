import Foundation
import StorefrontTestSupport
import Testing

/// One command in a tmux window of a given size, on a tmux server of its own (a unique
/// socket, no configuration file), so tests run side by side and leave nothing behind.
///
/// Screens are read by polling `capture-pane` until the expected text is there and two
/// captures in a row agree, never by sleeping a fixed time.
final class TmuxSession {
    let socket = "storefront-e2e-\(UUID().uuidString.prefix(12))"
    /// How long a screen is waited for unless a test says otherwise: a bound for a loaded
    /// machine (15 s was short at load 33, four tests at once), not a figure under test.
    static let patience = Duration.seconds(30)
    private let tmux: String

    /// Starts `command` (run by the shell) in a `width` x `height` window. It is ended
    /// after two minutes whatever happens, so a test run that is itself killed (and never
    /// reaches `deinit`) leaves no tmux server behind for long.
    init(width: Int, height: Int, command: String) async throws {
        tmux = try #require(ChildProcess.find("tmux"), "tmux is not installed (.ci/install-deps installs it)")
        let bounded = shellCommand(["timeout", "--foreground", "120", "sh", "-c", command])
        try await run(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", bounded])
    }

    deinit {
        end()
    }

    /// Ends the tmux server: the window and its terminal go away, as when a terminal
    /// emulator is closed.
    func end() {
        ChildProcess.runBlocking(tmux, ["-L", socket, "kill-server"])
    }

    /// Sends keys written as KeyScript tokens (`down`, `enter`, `y`), one at a time.
    func press(_ keys: String...) async throws {
        for key in keys {
            if let name = Self.tmuxNames[key] {
                try await run(["send-keys", "-t", "0", name])
            } else {
                try await run(["send-keys", "-t", "0", "-l", key])
            }
        }
    }

    /// Sends one key in tmux's own notation (`C-c`, `q`), as typed.
    func sendRaw(_ key: String) async throws {
        try await run(["send-keys", "-t", "0", key])
    }

    func resize(width: Int, height: Int) async throws {
        try await run(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The terminal modes tmux tracks for the pane, which `stty` cannot see: alternate
    /// screen, cursor shown, mouse reporting, keypad modes, bracketed paste.
    func modes() async throws -> String {
        let format = "alternate:#{alternate_on} cursor:#{cursor_flag} mouse:#{mouse_any_flag} keypad:#{keypad_flag} "
            + "keypad-cursor:#{keypad_cursor_flag} bracketed-paste:#{bracket_paste_flag}"
        return try await run(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The column tmux puts the cursor in after `text` is printed at the start of a line:
    /// the width tmux itself gives `text`, whatever any program assumes.
    static func columns(of text: String) async throws -> Int {
        let marker = "<end>"
        let tmux = try await TmuxSession(width: 200, height: 3, command: shellCommand(["sh", "-c", "printf '%s' \"$0\"; sleep 60", text + marker]))
        _ = try await tmux.screen(showing: marker)
        let cursor = try await tmux.run(["display-message", "-p", "-t", "0", "#{cursor_x}"])
        return try #require(Int(cursor.trimmingCharacters(in: .whitespacesAndNewlines))) - marker.count
    }

    /// The pane's lines as tmux shows them (no trailing spaces).
    func capture() async throws -> [String] {
        let output = try await run(["capture-pane", "-p", "-t", "0"])
        return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The pane once it shows `text` and has stopped changing; a test failure that prints
    /// the pane when that does not happen within `timeout`.
    func screen(showing text: String, timeout: Duration = TmuxSession.patience) async throws -> [String] {
        try await screen(where: { $0.contains { $0.contains(text) } }, described: "\"\(text)\"", timeout: timeout)
    }

    /// The pane once `shows` holds for its lines and it has stopped changing: for a screen
    /// known by more than one text (a row that loads after its heading).
    func screen(
        where shows: ([String]) -> Bool, described: String, timeout: Duration = TmuxSession.patience
    ) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        var previous: [String]?
        while true {
            let lines = try await capture()
            if lines == previous, shows(lines) { return lines }
            previous = lines
            if ContinuousClock.now > deadline {
                Issue.record("waited \(timeout) for \(described); the pane shows:\n\(lines.joined(separator: "\n"))")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(30))
        }
    }

    /// Opens the tip jar's Consumables, buys the first tip and confirms: what a customer
    /// does first. Returns the pane once it shows `result` ("Thank you", or what the store
    /// answers instead).
    /// Each screen is waited for up to `timeout` (a slow store's test gives more).
    @discardableResult
    func buyFirstTip(showing result: String = "Thank you", timeout: Duration = TmuxSession.patience) async throws -> [String] {
        try await confirmFirstTip(timeout: timeout)
        return try await screen(showing: result, timeout: timeout)
    }

    /// Opens the tip jar's Consumables and confirms buying the first tip, without waiting
    /// for the store's answer.
    func confirmFirstTip(timeout: Duration = TmuxSession.patience) async throws {
        _ = try await screen(showing: "Consumables", timeout: timeout)
        try await press("enter")
        _ = try await screen(showing: "£0.99", timeout: timeout)
        try await press("enter")
        _ = try await screen(showing: "Confirm Purchase", timeout: timeout)
        try await press("y")
    }

    @discardableResult
    private func run(_ arguments: [String]) async throws -> String {
        let server: [String] = ["-u", "-f", "/dev/null", "-L", socket]
        let output = try await ChildProcess.run(tmux, server + arguments)
        try #require(output.status == 0, "tmux \(arguments.first ?? "") failed: \(output.stderr)")
        return output.stdout
    }

    private static let tmuxNames = [
        "up": "Up", "down": "Down", "left": "Left", "right": "Right", "enter": "Enter", "esc": "Escape",
        "tab": "Tab", "shift-tab": "BTab", "space": "Space", "backspace": "BSpace",
        "pgup": "PPage", "pgdn": "NPage", "home": "Home", "end": "End",
    ]
}

/// A shell command line: each word single-quoted.
func shellCommand(_ words: [String]) -> String {
    words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
}
