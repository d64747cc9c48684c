import TerminalUI

/// Reads a tape's lines into `Tape.lines`: parses each, splices in the tapes `Source`
/// lines name, and checks the order rules across all of them (setup before the screen,
/// `Hide` / `Show` in pairs, nothing recorded while hidden, one `Screenshot` per file name).
struct TapeReader {
    /// How deep `Source` may nest; a cycle the paths cannot show (through a symbolic
    /// link) stops here instead of recursing for ever.
    static let deepest = 16

    /// The text of a sourced tape, by path.
    let readFile: ((String) throws -> String)?
    private(set) var lines: [Tape.Line] = []
    private var firstScreenLine: Tape.Line?
    private var setupLines: [String: Tape.Line] = [:]
    private var hiddenSince: Tape.Line?
    private var screenshots: [String: Tape.Line] = [:]

    init(readFile: ((String) throws -> String)?) {
        self.readFile = readFile
    }

    /// Reads `text`, written in `file`; `chain` is the files whose `Source` lines led here.
    mutating func read(_ text: String, file: String, sourcedBy chain: [String]) throws(TapeError) {
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = rawLine.drop(while: \.isWhitespace)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let line: Tape.Line
            do {
                line = Tape.Line(number: index + 1, file: file, command: try TapeCommand(parsing: String(trimmed)))
            } catch {
                throw TapeError(file: file, line: index + 1, message: error.message)
            }
            if case .source(let path) = line.command {
                try source(path, at: line, chain: chain + [file])
            } else {
                try check(line)
                lines.append(line)
            }
        }
        // A tape may end hidden (a tidy-up nobody needs to see), but not with every screen hidden.
        if chain.isEmpty, let hiddenSince, firstShown == nil {
            throw TapeError(
                file: hiddenSince.file, line: hiddenSince.number,
                message: "Hide with no Show after it hides every screen: nothing would be recorded"
            )
        }
    }

    /// The first screen command outside Hide / Show.
    private var firstShown: Tape.Line? {
        var hidden = false
        for line in lines {
            switch line.command {
            case .hide: hidden = true
            case .show: hidden = false
            default: if line.command.isScreenCommand, !hidden { return line }
            }
        }
        return nil
    }

    private mutating func source(_ path: String, at line: Tape.Line, chain: [String]) throws(TapeError) {
        let fail = { (message: String) in TapeError(file: line.file, line: line.number, message: "Source \(path): \(message)") }
        guard let readFile else { throw fail("this tape was read without its folder, so it cannot source others") }
        let sourced = Self.path(path, from: line.file)
        if chain.contains(sourced) {
            throw fail("a cycle: " + (chain.drop(while: { $0 != sourced }) + [sourced]).joined(separator: " → "))
        }
        guard chain.count < Self.deepest else { throw fail("sources nested more than \(Self.deepest) deep") }
        let text: String
        do {
            text = try readFile(sourced)
        } catch {
            throw fail("\(error)")
        }
        try read(text, file: sourced, sourcedBy: chain)
    }

    private mutating func check(_ line: Tape.Line) throws(TapeError) {
        let command = line.command
        let fail = { (message: String) in TapeError(file: line.file, line: line.number, message: message) }
        if command.isSetup {
            if let first = firstScreenLine {
                throw fail("\(command.name) must come before the first screen command (\(first.command.name) on \(first.place(seenFrom: line.file)))")
            }
            if let earlier = setupLines[command.name] {
                throw fail("\(command.name) is already set on \(earlier.place(seenFrom: line.file))")
            }
            setupLines[command.name] = line
        }
        if command.isScreenCommand, firstScreenLine == nil { firstScreenLine = line }
        switch command {
        case .hide:
            if let hiddenSince { throw fail("Hide, but already hidden since \(hiddenSince.place(seenFrom: line.file))") }
            hiddenSince = line
        case .show:
            guard hiddenSince != nil else { throw fail("Show without a Hide before it") }
            hiddenSince = nil
        case .snapshot, .screenshot:
            if let hiddenSince {
                throw fail("\(command.name) inside Hide (since \(hiddenSince.place(seenFrom: line.file))): hidden steps are not recorded; Show first")
            }
            if case .screenshot(let name) = command {
                if let earlier = screenshots[name] { throw fail("Screenshot \(name) is already taken on \(earlier.place(seenFrom: line.file))") }
                screenshots[name] = line
            }
        default:
            break
        }
    }

    /// `path` as written in `file`: from the folder `file` is in unless absolute, with
    /// `.` and `name/..` taken out so that one file always has one name.
    static func path(_ path: String, from file: String) -> String {
        let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let joined = path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "." || (part.isEmpty && !parts.isEmpty) { continue }
            if part == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
