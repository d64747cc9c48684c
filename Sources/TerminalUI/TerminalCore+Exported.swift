// The store's widgets draw into the core's buffers and take its rectangles and keys in
// every signature, so whoever imports TerminalUI gets the core with it.
@_exported import TerminalCore
