// TerminalUI: filled by its issue.
