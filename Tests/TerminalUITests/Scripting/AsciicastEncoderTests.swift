import Foundation
import StorefrontTestSupport
import TerminalScripting
import Testing
import TerminalUI

@Suite("Asciicast encoder")
struct AsciicastEncoderTests {
    /// Three frames: a screen, a change at 1.5 s, then a smaller terminal at 2.25 s.
    static let recording: TapeRecording = {
        var first = Buffer(width: 20, height: 3)
        first.write("Tip Jar", x: 1, y: 0, style: Style(.bold))
        first.write("Buy \"Fine\" \\ £1", x: 1, y: 1, style: Style(foreground: .green))
        var second = first
        second.write("Thank you!", x: 1, y: 2, style: Style(.reverse))
        var small = Buffer(width: 10, height: 2)
        small.write("Thanks", x: 0, y: 0)
        return TapeRecording(
            frames: [
                TapeFrame(time: .zero, buffer: first, cursor: Position(x: 1, y: 1)),
                TapeFrame(time: .milliseconds(1500), buffer: second, cursor: nil),
                TapeFrame(time: .milliseconds(2250), buffer: small, cursor: nil),
            ],
            snapshots: [],
            duration: .seconds(3)
        )
    }()

    struct Event {
        let time: Double
        let type: String
        let data: String
    }

    static func parse(_ cast: String) throws -> (header: [String: Any], events: [Event]) {
        let lines = cast.split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let events = try lines.dropFirst().map { line in
            let array = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            try #require(array.count == 3)
            return Event(
                time: try #require(array[0] as? Double),
                type: try #require(array[1] as? String),
                data: try #require(array[2] as? String)
            )
        }
        return (header, events)
    }

    @Test func theHeaderIsAsciicastVersion2WithAFixedTimestamp() throws {
        let cast = AsciicastEncoder.encode(Self.recording)
        #expect(cast.hasPrefix(#"{"version": 2, "width": 20, "height": 3, "timestamp": 1767225600, "env": {"TERM": "xterm-256color"}}"#))
        let (header, _) = try Self.parse(cast)
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 20)
        #expect(header["height"] as? Int == 3)
        #expect(cast.hasSuffix("\n"))
    }

    @Test func eventsFollowTheFramesInTimeOrder() throws {
        let cast = AsciicastEncoder.encode(Self.recording)
        let (_, events) = try Self.parse(cast)
        #expect(events.map(\.time) == [0, 1.5, 2.25, 2.25, 3])
        #expect(events.map(\.type) == ["o", "o", "r", "o", "o"])
        #expect(events[2].data == "10x2")
        #expect(events[3].data.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))  // a full redraw after the resize
        #expect(cast.contains("\n[1.500000, \"o\", "))
        #expect(cast.contains("\n[2.250000, \"r\", \"10x2\"]\n"))
    }

    @Test func replayingTheEventsShowsEachFrame() throws {
        let (_, events) = try Self.parse(AsciicastEncoder.encode(Self.recording))
        var screen = ANSIScreen(width: 20, height: 3)
        var shown: [Buffer] = []
        for event in events {
            if event.type == "r" {
                let size = try #require(TerminalSize(event.data))
                screen.resize(width: size.width, height: size.height)
            } else {
                screen.apply(event.data)
                shown.append(screen.buffer)
            }
        }
        #expect(screen.unknown == [])
        #expect(Array(shown.prefix(3)) == Self.recording.frames.map(\.buffer))
        #expect(shown.last == Self.recording.final.buffer)
        #expect(screen.cursorVisible)  // the end restores the cursor
    }

    @Test func quotesBackslashesAndEscapesSurviveJSON() throws {
        let (_, events) = try Self.parse(AsciicastEncoder.encode(Self.recording))
        #expect(events[0].data.contains(#"Buy "Fine" \ £1"#))
        #expect(events[0].data.contains("\u{1B}[0;32m"))
    }

    static let asciinemaInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/asciinema")
        || ChildProcess.find("asciinema") != nil

    /// `asciinema cat` reads a terminal, so it runs under script(1).
    @Test(.enabled(if: asciinemaInstalled, "asciinema is not installed (.ci/install-deps --demo)"))
    func asciinemaCatReplaysARecordedTape() async throws {
        let recording = try await TipJarStage.play("Press enter\nWait 500ms\nResize 40x12\nWait 200ms", latency: .milliseconds(300))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cast-\(UUID().uuidString).cast")
        defer { try? FileManager.default.removeItem(at: file) }
        try AsciicastEncoder.encode(recording).write(to: file, atomically: true, encoding: .utf8)

        let output = try await ChildProcess.run("/usr/bin/env", ["script", "-qec", "asciinema cat \(file.path)", "/dev/null"])
        let text = output.stdout + output.stderr
        #expect(output.status == 0, "asciinema cat failed: \(text)")
        #expect(text.contains("£0.99"))
    }
}
