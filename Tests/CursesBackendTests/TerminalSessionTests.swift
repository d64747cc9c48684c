import Testing

/// Every test that starts ncurses lives under this suite: ncurses keeps one screen state
/// per process, so these tests run one at a time.
@Suite("CursesTerminal on a pseudo-terminal", .serialized)
struct TerminalSessionTests {}
