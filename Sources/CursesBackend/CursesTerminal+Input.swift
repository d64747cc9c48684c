import CNcursesw
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalUI

extension CursesTerminal {
    /// Waits up to `timeout` for the next key, resize or click; nil when none came (or
    /// the key is one Storefront does not use). A resize also updates `area` and makes
    /// the next `draw` repaint the whole screen.
    ///
    /// Throws `TerminalError.interrupted` once SIGINT, SIGTERM or SIGHUP has arrived, so
    /// keep the timeout short (tens of milliseconds): it bounds how late a signal is seen.
    /// With `Options.interruptIsKey`, a SIGINT is returned as `.ctrl("c")` instead.
    ///
    /// ```swift
    /// if let key = try terminal.readKey(timeout: .milliseconds(50)) {
    ///     print(key)  // e.g. .down, .char("q"), .resize(width: 100, height: 30)
    /// }
    /// ```
    ///
    /// With a `WakePipe`, the wait also ends (nil) as soon as the pipe is woken.
    public func readKey(timeout: Duration, wakingOn wakePipe: WakePipe? = nil) throws -> Key? {
        try throwIfInterrupted()
        if let interrupt = takeInterruptKey() { return interrupt }
        if let resized = followWindowSize() {
            return resized
        }
        guard let wakePipe else { return try nextKey(timeout: timeout) ?? takeInterruptKey() }
        // ncurses may already hold input of its own (a queued KEY_RESIZE, bytes pushed back
        // after a sequence that matched no key); poll(2) sees only what it has not read.
        if let key = try nextKey(timeout: .zero) { return key }
        var ready = [
            pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakePipe.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let count = poll(&ready, 2, timeout.wholeMilliseconds)
        try throwIfInterrupted()
        if ready[1].revents != 0 { wakePipe.drain() }
        if let interrupt = takeInterruptKey() { return interrupt }
        guard count > 0, ready[0].revents != 0 else { return followWindowSize() }
        return try nextKey(timeout: timeout) ?? takeInterruptKey()
    }

    /// One `wget_wch` that waits up to `timeout`, decoded.
    private func nextKey(timeout: Duration) throws -> Key? {
        wtimeout(window, timeout.wholeMilliseconds)
        var value: wint_t = 0
        let status = wget_wch(window, &value)
        try throwIfInterrupted()
        switch status {
        case OK:
            return CursesKeyDecoder.key(forCharacter: value)
        case KEY_CODE_YES where Int32(value) == KEY_RESIZE:
            // ncurses noticed a SIGWINCH itself; report it unless followWindowSize already did.
            let before = area
            updateArea()
            guard area != before else { return nil }
            invalidate()
            return .resize(width: area.width, height: area.height)
        case KEY_CODE_YES where Int32(value) == KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK, event.bstate & mouseMask != 0 else { return nil }
            return .mouse(x: Int(event.x), y: Int(event.y))
        case KEY_CODE_YES:
            return CursesKeyDecoder.key(forKeyCode: Int32(value))
        default:
            try throwIfHungUp()
            return nil
        }
    }

    /// Throws as a SIGHUP would when the terminal is gone (its other end closed): a process
    /// that ignores SIGHUP (under nohup, say) otherwise read nothing, at once, forever, and
    /// took a core.
    private func throwIfHungUp() throws {
        var input = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&input, 1, 0) > 0, input.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 else { return }
        throw TerminalError.interrupted(signal: SIGHUP)
    }

    /// Compares the terminal's window size with `area` and resizes the screen when they
    /// differ. Asking on every read notices a resize within one timeout, whenever the
    /// SIGWINCH arrived (ncurses alone only sees one that interrupts its read).
    private func followWindowSize() -> Key? {
        guard let (size, _) = Self.boundedWindowSize(of: outputDescriptor), size.width != area.width || size.height != area.height
        else { return nil }
        resize_term(Int32(size.height), Int32(size.width))  // unlike resizeterm, queues no KEY_RESIZE
        updateArea()
        invalidate()
        return .resize(width: area.width, height: area.height)
    }

    /// Throws for a pending signal, except a SIGINT this terminal reports as a key.
    private func throwIfInterrupted() throws {
        let signal = pendingSignal.load(ordering: .sequentiallyConsistent)
        if signal != 0 && !(signal == SIGINT && interruptIsKey) {
            throw TerminalError.interrupted(signal: signal)
        }
    }

    /// `.ctrl("c")` for a pending SIGINT when it is reported as a key; handled, so the
    /// next SIGINT is a first one again.
    private func takeInterruptKey() -> Key? {
        guard interruptIsKey,
              pendingSignal.compareExchange(expected: SIGINT, desired: 0, ordering: .sequentiallyConsistent).exchanged
        else { return nil }
        return .ctrl("c")
    }

    /// Teaches ncurses the ANSI (normal cursor mode) forms of the navigation keys, which
    /// terminals send when they ignore keypad-transmit mode or when TERM names another
    /// terminal than the one in use; terminfo lists only the application-mode forms.
    static func defineCommonKeySequences() {
        let sequences: [(String, Int32)] = [
            ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
            ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
            ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END), ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END),
            ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),
            ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE), ("\u{1B}[Z", KEY_BTAB), ("\u{1B}OM", KEY_ENTER),
        ]
        for (sequence, code) in sequences {
            define_key(sequence, code)
        }
    }
}
