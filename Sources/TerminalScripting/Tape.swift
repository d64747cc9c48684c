import TerminalUI

/// A demo script: one command a line, played into the app on a virtual clock by
/// `TapePlayer`, in the spirit of VHS tapes.
///
/// ```
/// # A tip, and the thank-you.
/// Size 80x24
/// Catalog tipjar
/// Set latency 600ms
/// Press enter            # open the shop
/// Press enter y          # Buy, then confirm
/// WaitFor "Thank you"
/// Snapshot thank-you
/// ```
///
/// Setup commands (`Size`, `Catalog`, `Set storefront`, `Set locale`, and for signed
/// offers `Set bundle-id`, `Set api-keys`, `Set promotional-offer`) come before the
/// first screen command (`Press`, `Type`, `Wait`, `WaitFor`, `Snapshot`, `Screenshot`,
/// `Resize`), once each. Store commands (`Set latency`, `Set ask-to-buy`, `Set fail`,
/// `Buy`, `Approve`, `Expire`), `Set typing-speed` / `Set wait-timeout`, `Hide` / `Show` and
/// `Source` may come anywhere. Lines starting with `#` are comments. See `TapeCommand`
/// for each command.
///
/// ```swift
/// let tape = try Tape("Catalog tipjar\nPress enter", file: "tip.tape")
/// tape.setup.catalog?.text  // "tipjar"
/// tape.lines[1].number      // 2
/// try Tape("Prss down", file: "x.tape")  // throws x.tape:1: unknown command "Prss"
///
/// // Source reads another tape, from the folder of the one that names it.
/// let demo = try Tape("Source setup.tape\nPress enter", file: "demos/tip.tape") { path in
///     try String(contentsOfFile: path, encoding: .utf8)  // path: "demos/setup.tape"
/// }
/// ```
public struct Tape: Sendable, Hashable {
    /// A command, the file it is written in (the tape's, or one it sources) and its line,
    /// from 1.
    public struct Line: Sendable, Hashable {
        public var number: Int
        public var file: String
        public var command: TapeCommand

        public init(number: Int, file: String, command: TapeCommand) {
            self.number = number
            self.file = file
            self.command = command
        }

        /// Where it is written, for errors: `line 3`, or `other.tape:3` from another file.
        func place(seenFrom file: String) -> String {
            self.file == file ? "line \(number)" : "\(self.file):\(number)"
        }
    }

    /// The file name errors name.
    public var file: String
    /// The commands, in order, without blank lines and comments; a `Source` line's place
    /// holds the commands of the tape it names.
    public var lines: [Line]

    /// Parses a tape, and the tapes it sources.
    ///
    /// - Parameter read: the text of a tape a `Source` line names, by its path (relative
    ///   to the folder of the tape that sources it, as `file` is to the reader's); what it
    ///   throws is reported at the `Source` line. Without it, `Source` is an error.
    /// - Throws: `TapeError` naming the file and line of the first problem.
    public init(_ text: String, file: String = "tape", reading read: ((_ path: String) throws -> String)? = nil) throws(TapeError) {
        self.file = file
        var reader = TapeReader(readFile: read)
        try reader.read(text, file: file, sourcedBy: [])
        lines = reader.lines
    }

    /// What the setup commands ask for.
    public var setup: TapeSetup {
        var setup = TapeSetup()
        for line in lines {
            switch line.command {
            case .size(let size): setup.size = size
            case .catalog(let name): setup.catalog = TapeValue(text: name, file: line.file, line: line.number)
            case .storefront(let code): setup.storefront = TapeValue(text: code, file: line.file, line: line.number)
            case .locale(let locale): setup.locale = TapeValue(text: locale, file: line.file, line: line.number)
            case .bundleID(let id): setup.bundleID = TapeValue(text: id, file: line.file, line: line.number)
            case .apiKeys(let path): setup.apiKeys = TapeValue(text: path, file: line.file, line: line.number)
            case .promotionalOffer(let jws): setup.promotionalOffer = TapeValue(text: jws, file: line.file, line: line.number)
            default: break
            }
        }
        return setup
    }
}

/// What a tape's setup commands ask for; whoever builds the store reads it.
///
/// ```swift
/// let setup = try Tape("Size 40x12\nSet locale ja").setup
/// setup.size.width    // 40
/// setup.locale?.line  // 2
/// setup.catalog       // nil: the tool's default catalog
/// ```
public struct TapeSetup: Sendable, Hashable {
    public var size = TerminalSize(width: 80, height: 24)
    public var catalog: TapeValue?
    public var storefront: TapeValue?
    public var locale: TapeValue?
    public var bundleID: TapeValue?
    public var apiKeys: TapeValue?
    public var promotionalOffer: TapeValue?

    public init() {}
}

/// A value written in a tape, with its file and line, so a problem found later can name
/// them (and a path in it can be read from the folder of the tape that wrote it).
///
/// ```swift
/// let value = TapeValue(text: "tipjar", file: "demos/tip.tape", line: 2)
/// ```
public struct TapeValue: Sendable, Hashable {
    public var text: String
    public var file: String
    public var line: Int

    public init(text: String, file: String, line: Int) {
        self.text = text
        self.file = file
        self.line = line
    }
}

/// A problem with a tape, found while reading or playing it: `x.tape:7: unknown command "Prss"`.
///
/// ```swift
/// let error = TapeError(file: "x.tape", line: 7, message: "unknown command \"Prss\"")
/// error.description  // x.tape:7: unknown command "Prss"
/// ```
public struct TapeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}
