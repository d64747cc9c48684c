import Foundation
import Testing

extension TmuxSession {
    /// The pane's first line containing `text` (a product's row), or "" when none does.
    func row(containing text: String) async throws -> String {
        try await capture().first { $0.contains(text) } ?? ""
    }

    /// Waits until the row of `product` shows `text` (a purchase arriving from elsewhere), and
    /// records a failure with the row as it is when `timeout` passes first. Returns how long it took.
    @discardableResult
    func waitForRow(
        _ product: String, toShow text: String, within timeout: Duration, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Duration {
        let started = ContinuousClock.now
        var row = try await row(containing: product)
        while !row.contains(text) {
            guard ContinuousClock.now - started < timeout else {
                Issue.record("the \(product) row after \(timeout): \(row)", sourceLocation: sourceLocation)
                return ContinuousClock.now - started
            }
            try await Task.sleep(for: .milliseconds(30))
            row = try await self.row(containing: product)
        }
        return ContinuousClock.now - started
    }
}
