import CNcursesw
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalUI

extension CursesTerminal {
    /// How wide this terminal draws each of `clusters`: each is written at the top left
    /// and the cursor position asked for (`ESC[6n`), then Primary Device Attributes
    /// (`ESC[c`), which every terminal answers, so that no late position report can be
    /// read as keys after the wait. A cluster without an answer in `timeout` (three times
    /// that once the terminal has begun to answer; all of them on a terminal that reports
    /// nothing) is left out: the caller keeps the table's width.
    /// The row is erased after and the next `draw` rewrites the whole screen.
    ///
    /// Over SSH the session's pseudo-terminal carries the question to the customer's
    /// terminal and its answer back, so it is that terminal's widths.
    ///
    /// ```swift
    /// TerminalWidths.record(terminal.measureWidths(of: ["👍🏽", "❤️"]))  // tmux 3.3a: 👍🏽 4
    /// ```
    public func measureWidths(of clusters: [Character], timeout: Duration = .milliseconds(300)) -> [Character: Int] {
        guard !clusters.isEmpty else { return [:] }
        var question: [UInt8] = []
        for cluster in clusters {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: cluster.unicodeScalars.filter(ClusterOutput.isSendable))
            question += cursorAddress(y: 0, x: 0) + Array(String(text).utf8) + Array("\u{1B}[6n".utf8)
        }
        question += cursorAddress(y: 0, x: 0) + Array("\u{1B}[2K\u{1B}[c".utf8)
        writeAll(question)
        let reports = readReports(expecting: clusters.count, timeout: timeout)
        // The cursor and the top row are not what ncurses believes: clear and redraw all.
        invalidate()
        var widths: [Character: Int] = [:]
        for (cluster, report) in zip(clusters, reports) where report.row == 1 {
            widths[cluster] = report.column - 1
        }
        return widths
    }

    /// The cursor position reports that arrive before the device attributes' answer or
    /// `timeout`, in order. Other bytes (a key pressed meanwhile) are dropped. A terminal
    /// that has begun to answer (a slow SSH link) is waited for up to three times as long,
    /// so that the rest of its answer is not read as keys.
    private func readReports(expecting count: Int, timeout: Duration) -> [CursorReport] {
        let clock = ContinuousClock()
        let start = clock.now
        var parser = TerminalReplyParser()
        var buffer = [UInt8](repeating: 0, count: 256)
        while !parser.sawDeviceAttributes {
            let deadline = start + (parser.reports.isEmpty ? timeout : timeout * 3)
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { break }
            var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(1, left.wholeMilliseconds)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let read = buffer.withUnsafeMutableBytes { systemRead(inputDescriptor, $0) }
            guard read > 0 else { break }
            parser.consume(buffer[..<read])
        }
        return Array(parser.reports.prefix(count))
    }
}

/// A cursor position report, `ESC [ row ; column R`, 1-based.
struct CursorReport: Equatable {
    let row: Int
    let column: Int
}

/// Reads a terminal's answers out of its input: cursor position reports and the end of a
/// Primary Device Attributes answer (`ESC [ ? … c`); anything else is skipped.
struct TerminalReplyParser {
    private(set) var reports: [CursorReport] = []
    private(set) var sawDeviceAttributes = false
    private var pending: [UInt8] = []

    mutating func consume(_ bytes: some Sequence<UInt8>) {
        pending += bytes
        while let start = pending.firstIndex(of: 0x1B) {
            // CSI, parameters (digits, ';', '?'), then a final byte.
            var index = start + 1
            guard index < pending.count else { pending.removeSubrange(..<start); return }
            guard pending[index] == UInt8(ascii: "[") else { pending.removeSubrange(...start); continue }
            index += 1
            while index < pending.count, pending[index] == UInt8(ascii: ";") || pending[index] == UInt8(ascii: "?")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(pending[index]) {
                index += 1
            }
            guard index < pending.count else { pending.removeSubrange(..<start); return }
            let parameters = String(decoding: pending[(start + 2)..<index], as: UTF8.self)
            switch pending[index] {
            case UInt8(ascii: "R"):
                let numbers = parameters.split(separator: ";").compactMap { Int($0) }
                if numbers.count == 2 { reports.append(CursorReport(row: numbers[0], column: numbers[1])) }
            case UInt8(ascii: "c") where parameters.hasPrefix("?"):
                sawDeviceAttributes = true
            default:
                break
            }
            pending.removeSubrange(...index)
        }
        pending.removeAll()
    }
}
