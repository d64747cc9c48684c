import Testing
import TerminalUI

/// At 40x12: what the picker keeps of an offer, and what a sheet leaves beside its edges.
@Suite("A 40x12 terminal")
struct SmallTerminalTests {
    @Test("The picker has no room for the line under a plan, but keeps its offer in short")
    func offerInShort() async throws {
        let harness = try await AppHarness.make(width: 40, height: 12)
        await harness.app.press(.enter)  // Backyard Birds Pass
        let row = await harness.text.split(separator: "\n").first { $0.contains("Meadow Mo") } ?? ""
        #expect(row.contains("1 wk free"), "\(row)")
        #expect(row.contains("$2.99 / mo"), "\(row)")
    }

    @Test("A sheet hides the ends of the words it covers: no lone letter beside its border")
    func noLettersBesideASheet() async throws {
        let harness = try await AppHarness.make(width: 40, height: 12)
        await harness.app.press(.down, .enter, .char("?"))  // Bird Food's Buy column, under the help
        let lines = await harness.text.split(separator: "\n").dropLast()
        for line in lines {
            let characters = Array(line)
            guard let left = characters.firstIndex(where: { "│┌└".contains($0) }),
                  let right = characters.lastIndex(where: { "│┐┘".contains($0) }) else { continue }
            #expect(characters[..<left].allSatisfy { $0 == " " || $0 == "•" || $0 == "⚠" }, "\(line)")
            #expect(characters[(right + 1)...].allSatisfy { $0 == " " }, "\(line)")
        }
    }
}
