import Foundation
import StorefrontTestSupport
import Testing

/// The DocC articles show their code exactly as the tests beside this file run it: each
/// article's `swift` blocks, in order, are the regions of its test file between
/// `// article: begin` and `// article: end` (less the indentation of the `begin` line).
@Suite("DocC articles")
struct ArticleTests {
    static let articles = [
        ("Sources/TerminalUI/TerminalUI.docc/BuildATipJar.md", "BuildATipJarArticle.swift"),
        ("Sources/TerminalScripting/TerminalScripting.docc/RecordADemo.md", "RecordADemoArticle.swift"),
        ("Sources/StorefrontTesting/StorefrontTesting.docc/SnapshotTestYourCatalog.md", "SnapshotTestYourCatalogArticle.swift"),
    ]

    static func codeBlocks(ofArticle text: String) -> [String] {
        text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    static func regions(ofCode text: String) -> [String] {
        var regions: [String] = []
        var indent = 0
        var lines: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            let lead = line.count - trimmed.count
            if trimmed == "// article: begin" {
                (indent, lines) = (lead, [])
            } else if trimmed == "// article: end", let done = lines {
                regions.append(done.map { $0 + "\n" }.joined())
                lines = nil
            } else if lines != nil {
                lines?.append(String(line.dropFirst(min(indent, lead))))
            }
        }
        return regions
    }

    @Test(arguments: articles)
    func showsItsCodeAsItIsRun(article: String, code: String) throws {
        let articleText = try String(contentsOf: PackagePaths.root.appendingPathComponent(article), encoding: .utf8)
        let codeFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(code)
        let regions = Self.regions(ofCode: try String(contentsOf: codeFile, encoding: .utf8))
        #expect(!regions.isEmpty)
        #expect(Self.codeBlocks(ofArticle: articleText) == regions, "\(article) and \(code) differ: copy the regions into the article")
    }
}
