import Testing
import TerminalUI

extension SettleTimeout {
    /// Fails the running Swift Testing test with the timeout's description (what was still
    /// running, the last messages), so a test that drives a stuck app does not go on to
    /// check a half-settled screen as if it were the one its keys lead to.
    ///
    /// ```swift
    /// let app = await HeadlessApp(backend: store, layout: layout, onSettleTimeout: SettleTimeout.recordIssue)
    /// ```
    public static func recordIssue(_ timeout: SettleTimeout) {
        Issue.record("\(timeout)")
    }
}
