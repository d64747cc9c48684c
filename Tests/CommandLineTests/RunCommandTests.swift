import Foundation
import StorefrontTestSupport
import Testing

/// `storefront run` with no terminal at all. (In a terminal it is an end-to-end test.)
@Suite("storefront run without a terminal")
struct RunCommandTests {
    @Test func withoutATerminalItSaysSoAndExits64() async throws {
        let output = try await StorefrontCommand.run(["run", "--in-memory", "--catalog", "tipjar"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("needs a terminal"))
        #expect(output.stdout.isEmpty)
    }
}
