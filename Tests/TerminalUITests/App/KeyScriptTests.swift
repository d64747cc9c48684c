import TerminalScripting
import Testing
import TerminalUI

@Suite("Key scripts")
struct KeyScriptTests {
    @Test("Named keys, characters, ctrl, waits, resizes and text")
    func parses() throws {
        let script = try KeyScript("up down left right enter esc tab shift-tab space backspace pgup pgdn home end q / ctrl-c wait:500ms resize:40x12 text:SEED")
        #expect(script.steps == [
            .key(.up), .key(.down), .key(.left), .key(.right), .key(.enter), .key(.esc), .key(.tab), .key(.backTab),
            .key(.space), .key(.backspace), .key(.pageUp), .key(.pageDown), .key(.home), .key(.end),
            .key(.char("q")), .key(.char("/")), .key(.ctrl("c")),
            .wait(.milliseconds(500)), .resize(width: 40, height: 12), .text("SEED"),
        ])
        #expect(try KeyScript("  ").steps.isEmpty)
    }

    @Test("A bad token is named in the error", arguments: ["jump", "wait:soon", "wait:-5ms", "resize:40", "resize:0x10", "text:", "ctrl-1", "ctrl-ab"])
    func badToken(token: String) {
        #expect {
            _ = try KeyScript("down \(token) enter")
        } throws: { error in
            (error as? KeyScriptError)?.token == token && "\(error)".hasPrefix("bad key \"\(token)\"")
        }
    }

    @Test("Durations: milliseconds, seconds and fractions, exactly", arguments: [
        ("0", Duration.zero), ("500ms", .milliseconds(500)), ("2s", .seconds(2)), ("1.5s", .milliseconds(1500)),
        ("0.25ms", .microseconds(250)), ("80ms", .milliseconds(80)),
    ])
    func durations(text: String, duration: Duration) {
        #expect(DurationText.parse(text) == duration)
    }

    @Test("Not durations", arguments: ["", "5", "ms", "1.s", "-1s", "1e3ms", "2m", "1.5.5s"])
    func notDurations(text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test("Minutes and hours where the reader takes them, as serve's times and rate limits do", arguments: [
        ("10m", Duration.seconds(600)), ("1h", .seconds(3600)), ("1.5m", .seconds(90)), ("90s", .seconds(90)),
        ("500ms", .milliseconds(500)),
    ])
    func longerDurations(text: String, duration: Duration) {
        #expect(DurationText.parse(text, units: .all) == duration)
    }

    @Test("A unit the reader does not take is refused, not read as another")
    func unitsNotTaken() {
        #expect(DurationText.parse("10m") == nil)
        #expect(DurationText.parse("500ms", units: [.seconds, .minutes, .hours]) == nil)
        #expect(DurationText.parse("2h", units: [.milliseconds, .seconds, .minutes]) == nil)
    }

    @Test("Sizes are columns x rows, both from 1")
    func sizes() {
        #expect(TerminalSize("120x40") == TerminalSize(width: 120, height: 40))
        for bad in ["80", "80x", "x24", "0x24", "80x24x1", "-1x5", "80X24", " 80x24"] {
            #expect(TerminalSize(bad) == nil)
        }
    }
}
