extension Duration {
    /// Milliseconds for ncurses calls: rounded up, at least 0, at most Int32.max.
    var wholeMilliseconds: Int32 {
        let milliseconds = (self / .milliseconds(1)).rounded(.up)
        return Int32(min(max(0, milliseconds), Double(Int32.max)))
    }
}
