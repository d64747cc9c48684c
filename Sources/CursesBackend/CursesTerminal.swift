import CNcursesw
import Foundation
import Synchronization
import TerminalUI

/// The terminal, run by ncursesw: puts `Buffer`s on screen and reads `Key`s.
///
/// Start it with `withTerminal`, which restores the terminal on every way out. Each
/// frame, render into a fresh `Buffer` the size of `area` and call `draw(_:cursor:)`;
/// only changed cells are written and an unchanged frame writes nothing. Read input with
/// `readKey(timeout:)`, which also reports resizes and turns SIGINT, SIGTERM and SIGHUP
/// into `TerminalError.interrupted`.
///
/// ```swift
/// try await withTerminal { terminal in
///     var selected = 0
///     while true {
///         var frame = Buffer(width: terminal.area.width, height: terminal.area.height)
///         frame.write("Tip Jar", x: 0, y: 0, style: Style(.bold))
///         frame.write("> Small tip  ￥120", x: 0, y: 1 + selected)
///         terminal.draw(frame, cursor: Position(x: 0, y: 1 + selected))
///         switch try terminal.readKey(timeout: .milliseconds(100)) {
///         case .char("q"): return
///         case .down: selected += 1
///         default: break
///         }
///     }
/// }
/// ```
public final class CursesTerminal {
    /// How to start the terminal.
    public struct Options: Sendable {
        /// The terminal's input file descriptor (keys).
        public var input: Int32
        /// The terminal's output file descriptor (the screen).
        public var output: Int32
        /// The terminfo name; nil reads $TERM. An unset, empty or unknown type falls back
        /// to xterm-256color, which nearly every terminal emulator understands.
        public var terminalType: String?
        /// Use colours when the terminal has them. The default honours `NO_COLOR` in the
        /// process environment (see `RenderOptions(environment:)`).
        public var color: Bool
        /// Report left-button clicks as `Key.mouse`.
        public var mouse: Bool
        /// How long a lone Esc waits for the rest of an escape sequence.
        public var escapeDelay: Duration
        /// Install SIGINT/SIGTERM/SIGHUP and crash handlers. Tests that share a process
        /// with other tests turn this off.
        public var handlesSignals: Bool
        /// Report a SIGINT (Ctrl-C typed at the terminal) as the key `.ctrl("c")` instead of
        /// ending the input loop, so the app decides what Ctrl-C does (the storefront asks
        /// first while a purchase runs). A second SIGINT before `readKey` has reported the
        /// first still ends the process at once, so a stuck app can always be left.
        public var interruptIsKey: Bool

        public init(
            input: Int32 = STDIN_FILENO,
            output: Int32 = STDOUT_FILENO,
            terminalType: String? = nil,
            color: Bool = RenderOptions(environment: ProcessInfo.processInfo.environment).color,
            mouse: Bool = true,
            escapeDelay: Duration = .milliseconds(25),
            handlesSignals: Bool = true,
            interruptIsKey: Bool = false
        ) {
            self.input = input
            self.output = output
            self.terminalType = terminalType
            self.color = color
            self.mouse = mouse
            self.escapeDelay = escapeDelay
            self.handlesSignals = handlesSignals
            self.interruptIsKey = interruptIsKey
        }
    }

    /// The screen's size, at the origin; updated when `readKey` reports `.resize`.
    public private(set) var area: Rect
    /// The terminfo name in use (after any fallback).
    public let terminalType: String

    let window: UnsafeMutablePointer<WINDOW>
    /// Where ncurses writes; asked for the window size.
    let outputDescriptor: Int32
    /// What ncurses reads keys from (a duplicate of `Options.input`).
    let inputDescriptor: Int32
    private let screen: OpaquePointer
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    private let handlesSignals: Bool
    /// See `Options.interruptIsKey`.
    let interruptIsKey: Bool
    private var stopped = false

    // Drawing state, see CursesTerminal+Drawing.swift.
    var previousFrame: Buffer?
    var cursor: Position?
    var cursorShown: Bool?
    var colorPairs: ColorPairs?
    let mouseMask: mmask_t

    /// Starts ncurses on the terminal. Prefer `withTerminal`, which also stops it.
    public init(options: Options = Options()) throws {
        for (descriptor, name) in [(options.input, "standard input"), (options.output, "standard output")]
        where isatty(descriptor) != 1 {
            let stream = descriptor == STDIN_FILENO || descriptor == STDOUT_FILENO ? name : "file descriptor \(descriptor)"
            throw TerminalError.notATerminal(stream)
        }
        guard !terminalRunning.exchange(true, ordering: .sequentiallyConsistent) else {
            throw TerminalError.alreadyRunning
        }
        _ = utf8LocaleReady
        // ncurses reads and writes through FILEs of its own; duplicates keep fclose from
        // closing the caller's descriptors.
        guard let inputFile = fdopen(dup(options.input), "r") else {
            terminalRunning.store(false, ordering: .sequentiallyConsistent)
            throw TerminalError.notATerminal("file descriptor \(options.input)")
        }
        guard let outputFile = fdopen(dup(options.output), "w") else {
            fclose(inputFile)
            terminalRunning.store(false, ordering: .sequentiallyConsistent)
            throw TerminalError.notATerminal("file descriptor \(options.output)")
        }
        if options.handlesSignals {
            installSignalHandlers(input: options.input, output: options.output)
        }
        let requested = options.terminalType ?? ProcessInfo.processInfo.environment["TERM"] ?? ""
        let opened = Self.withoutCursesWindowChangeHandler {
            Self.withBoundedStartSize(output: options.output) { Self.openScreen(requested, output: outputFile, input: inputFile) }
        }
        guard let (screen, terminalType) = opened,
              let window = sf_stdscr()
        else {
            Self.release(inputFile, outputFile, handlesSignals: options.handlesSignals)
            throw TerminalError.unknownTerminal(requested.isEmpty ? "(TERM unset)" : requested)
        }
        guard sf_string_capability("cup") != nil else {
            endwin()
            delscreen(screen)
            Self.release(inputFile, outputFile, handlesSignals: options.handlesSignals)
            throw TerminalError.cannotAddressCursor(terminalType)
        }
        self.screen = screen
        self.window = window
        self.terminalType = terminalType
        self.inputFile = inputFile
        self.outputFile = outputFile
        outputDescriptor = fileno(outputFile)
        inputDescriptor = fileno(inputFile)
        self.handlesSignals = options.handlesSignals
        interruptIsKey = options.interruptIsKey
        area = Rect(x: 0, y: 0, width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        mouseMask = options.mouse ? mousemask(sf_button1_pressed(), nil) : 0
        configure(options)
    }

    /// Starts ncurses for `requested`, or for xterm-256color when that type is empty or
    /// has no terminfo entry. Returns the screen and the type in use.
    private static func openScreen(
        _ requested: String,
        output: UnsafeMutablePointer<FILE>,
        input: UnsafeMutablePointer<FILE>
    ) -> (OpaquePointer, String)? {
        for candidate in [requested, "xterm-256color"] where !candidate.isEmpty {
            if let screen = newterm(candidate, output, input) {
                return (screen, candidate)
            }
        }
        return nil
    }

    /// Input modes, colours and mouse for an interactive full-screen UI.
    private func configure(_ options: Options) {
        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        // doupdate would stop halfway when a key is waiting; a frame is always finished,
        // so an unchanged next frame can skip doupdate without leaving a half-drawn screen.
        typeahead(-1)
        set_escdelay(options.escapeDelay.wholeMilliseconds)
        Self.defineCommonKeySequences()
        if options.color && has_colors() {
            colorPairs = ColorPairs()
        }
        if mouseMask != 0 {
            mouseinterval(0)  // report a press at once instead of waiting to detect a click
        }
        if options.handlesSignals {
            setEmergencyRestoreSequences(restoreSequences(mouse: mouseMask != 0))
        }
    }

    deinit {
        stop()
    }

    /// Restores the terminal (endwin) and releases ncurses. Safe to call more than once;
    /// `withTerminal` calls it for you.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        endwin()
        delscreen(screen)
        Self.release(inputFile, outputFile, handlesSignals: handlesSignals)
    }

    private static func release(_ input: UnsafeMutablePointer<FILE>, _ output: UnsafeMutablePointer<FILE>, handlesSignals: Bool) {
        fclose(input)
        fclose(output)
        if handlesSignals { removeSignalHandlers() }
        terminalRunning.store(false, ordering: .sequentiallyConsistent)
    }

    /// Forgets what is on screen, so the next `draw` clears and rewrites every cell
    /// (after a resize, or for a redraw key when something else scribbled on the terminal).
    public func invalidate() {
        previousFrame = nil
        clearok(sf_curscr(), true)
    }

    func updateArea() {
        area = Rect(x: 0, y: 0, width: Int(getmaxx(window)), height: Int(getmaxy(window)))
    }

    /// Sequences an interrupted or crashing process writes to give the terminal back:
    /// leave the alternate screen, reset attributes, show the cursor, leave keypad mode,
    /// stop mouse reports. Terminfo delay padding ("$<5>") is removed.
    private func restoreSequences(mouse: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for name in ["rmcup", "sgr0", "cnorm", "rmkx"] {
            guard let value = sf_string_capability(name) else { continue }
            bytes += withoutPadding(Array(String(cString: value).utf8))
        }
        if mouse {
            bytes += Array("\u{1B}[?1006;1000l".utf8)  // what ncurses turns on for xterm mice
        }
        return bytes
    }

    /// A terminfo string without its delay padding ("$<5>"): bytes written directly, not
    /// through tputs.
    func withoutPadding(_ sequence: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < sequence.count {
            if sequence[index] == UInt8(ascii: "$"), index + 1 < sequence.count, sequence[index + 1] == UInt8(ascii: "<"),
               let close = sequence[index...].firstIndex(of: UInt8(ascii: ">"))
            {
                index = close + 1
            } else {
                result.append(sequence[index])
                index += 1
            }
        }
        return result
    }
}

/// ncurses keeps one screen state per process: one running terminal at a time.
private let terminalRunning = Atomic<Bool>(false)
