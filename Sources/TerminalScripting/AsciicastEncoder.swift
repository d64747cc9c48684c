import Foundation
import TerminalUI

/// Writes a recording as an asciicast v2 file, which `asciinema play` and `asciinema cat`
/// replay: a JSON header line, then one `[time, "o", data]` line per screen change with
/// the terminal bytes (`ANSIFrameEncoder`) at the frame's virtual time. A change of size
/// is an `[time, "r", "COLSxROWS"]` event followed by a full redraw, so players that
/// ignore resize events still show the right screen.
///
/// ```swift
/// let cast = AsciicastEncoder.encode(recording)
/// // {"version": 2, "width": 80, "height": 24, "timestamp": 1767225600, "env": {"TERM": "xterm-256color"}}
/// // [0.000000, "o", "\u001b[0m\u001b[H\u001b[2J…"]
/// // [0.100000, "o", "\u001b[3;3H…"]
/// ```
public enum AsciicastEncoder {
    /// The header's `timestamp`: the virtual clock's epoch, so the same tape makes the same file.
    public static let timestamp = Int(HeadlessApp.defaultEpoch.timeIntervalSince1970)

    /// The whole file, ending in a newline.
    public static func encode(_ recording: TapeRecording) -> String {
        let first = recording.frames[0].buffer
        var lines = [
            #"{"version": 2, "width": \#(first.width), "height": \#(first.height), "timestamp": \#(timestamp), "#
                + #""env": {"TERM": "xterm-256color"}}"#,
        ]
        var encoder = ANSIFrameEncoder()
        var size = (first.width, first.height)
        for frame in recording.frames {
            if size != (frame.buffer.width, frame.buffer.height) {
                size = (frame.buffer.width, frame.buffer.height)
                lines.append(event(at: frame.time, "r", "\(size.0)x\(size.1)"))
            }
            let bytes = encoder.encode(frame.buffer, cursor: frame.cursor)
            if !bytes.isEmpty {
                lines.append(event(at: frame.time, "o", bytes))
            }
        }
        lines.append(event(at: recording.duration, "o", encoder.finish()))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `[1.500000, "o", "…"]`: seconds with microseconds, exact (no floating point).
    static func event(at time: Duration, _ type: String, _ data: String) -> String {
        let (seconds, attoseconds) = time.components
        let micros = String(attoseconds / 1_000_000_000_000)
        let fraction = String(repeating: "0", count: 6 - micros.count) + micros
        return "[\(seconds).\(fraction), \(jsonString(type)), \(jsonString(data))]"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else as UTF-8.
    static func jsonString(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
