import Foundation
@testable import StoreCatalog

/// Paths computed from this file, so tests run from any working directory.
enum TestPaths {
    /// The package root: Tests/StoreCatalogTests/TestSupport.swift is three levels down.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The shared corpus of real `.storekit` files, read in place and never copied into the repo.
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/storekit-corpus")
    static let catalogs = packageRoot.appendingPathComponent("Resources/Catalogs")

    static func corpusFile(_ name: String) -> URL {
        corpus.appendingPathComponent(name)
    }

    static var corpusFileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? [])
            .filter { $0.hasSuffix(".storekit") }
            .sorted()
    }
}

func loadCorpus(_ name: String) throws -> Catalog {
    try CatalogLoader.load(contentsOf: TestPaths.corpusFile(name))
}

/// Decodes JSON text written inline in a test.
func decode(_ json: String, file: String = "Inline.storekit") throws(CatalogError) -> Catalog {
    try Catalog(storeKitData: Data(json.utf8), file: file)
}

/// A scratch directory removed when the test ends.
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("StoreCatalogTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
