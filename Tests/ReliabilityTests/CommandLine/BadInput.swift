import Foundation
import StorefrontTestSupport
import Testing

/// The rule for bad input on the command line, as a user sees it.
enum BadInput {
    /// A product the tip jar sells, for commands that need one.
    static let tip = "com.example.tipjar.nib.fine"

    /// Lines ArgumentParser adds after its one-line error: the usage and where help is.
    private static func isUsageHint(_ line: String) -> Bool {
        line.hasPrefix("Usage: ") || line.hasPrefix("Help: ") || line.hasPrefix("  See '") || line.isEmpty
    }

    /// Runs `arguments` and checks: exit `status`, nothing on standard output, and one line on
    /// standard error that mentions each of `words` (ArgumentParser's usage hint may follow it).
    /// Returns that line.
    @discardableResult
    static func expectRejected(
        _ arguments: [String], status: Int32, mentioning words: [String], home: URL,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let result = try await StorefrontCommand.run(arguments, home: home, label: "bad-input")
        #expect(result.status == status, "\(arguments): exit \(String(describing: result.status)), \(result.stderr)",
                sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(arguments) printed \(result.stdout)", sourceLocation: sourceLocation)
        let lines = result.stderrLines
        let message = lines.first ?? ""
        #expect(lines.dropFirst().allSatisfy(isUsageHint), "\(arguments): more than one line: \(lines)",
                sourceLocation: sourceLocation)
        for word in words {
            #expect(message.contains(word), "\(arguments): \"\(message)\" does not mention \(word)", sourceLocation: sourceLocation)
        }
        return message
    }
}
