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
/// Setup commands (`Size`, `Catalog`, `Set storefront`, `Set locale`) come before the
/// first screen command (`Press`, `Type`, `Wait`, `WaitFor`, `Snapshot`, `Resize`), once
/// each. Store commands (`Set latency`, `Set ask-to-buy`, `Set fail`, `Buy`, `Approve`)
/// and `Set typing-speed` / `Set wait-timeout` may come anywhere. Lines starting with
/// `#` are comments. See `TapeCommand` for each command.
///
/// ```swift
/// let tape = try Tape("Catalog tipjar\nPress enter", file: "tip.tape")
/// tape.setup.catalog?.text  // "tipjar"
/// tape.lines[1].number      // 2
/// try Tape("Prss down", file: "x.tape")  // throws x.tape:1: unknown command "Prss"
/// ```
public struct Tape: Sendable, Hashable {
    /// A command and the line it is on, from 1.
    public struct Line: Sendable, Hashable {
        public var number: Int
        public var command: TapeCommand

        public init(number: Int, command: TapeCommand) {
            self.number = number
            self.command = command
        }
    }

    /// The file name errors name.
    public var file: String
    /// The commands, in order, without blank lines and comments.
    public var lines: [Line]

    /// Parses a tape.
    ///
    /// - Throws: `TapeError` naming the file and line of the first problem.
    public init(_ text: String, file: String = "tape") throws(TapeError) {
        self.file = file
        lines = []
        var firstScreenLine: Line?
        var setupLines: [String: Int] = [:]
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = index + 1
            let trimmed = rawLine.drop(while: \.isWhitespace)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let command: TapeCommand
            do {
                command = try TapeCommand(parsing: String(trimmed))
            } catch {
                throw TapeError(file: file, line: number, message: error.message)
            }
            if command.isSetup {
                if let first = firstScreenLine {
                    throw TapeError(
                        file: file, line: number,
                        message: "\(command.name) must come before the first screen command (\(first.command.name) on line \(first.number))"
                    )
                }
                if let earlier = setupLines[command.name] {
                    throw TapeError(file: file, line: number, message: "\(command.name) is already set on line \(earlier)")
                }
                setupLines[command.name] = number
            }
            let line = Line(number: number, command: command)
            if command.isScreenCommand, firstScreenLine == nil { firstScreenLine = line }
            lines.append(line)
        }
    }

    /// What the setup commands ask for.
    public var setup: TapeSetup {
        var setup = TapeSetup()
        for line in lines {
            switch line.command {
            case .size(let size): setup.size = size
            case .catalog(let name): setup.catalog = TapeValue(text: name, line: line.number)
            case .storefront(let code): setup.storefront = TapeValue(text: code, line: line.number)
            case .locale(let locale): setup.locale = TapeValue(text: locale, line: line.number)
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

    public init() {}
}

/// A value written in a tape and its line, so a problem found later can name the line.
///
/// ```swift
/// let value = TapeValue(text: "tipjar", line: 2)
/// ```
public struct TapeValue: Sendable, Hashable {
    public var text: String
    public var line: Int

    public init(text: String, line: Int) {
        self.text = text
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
