import Foundation

/// Folders of this package, found from this file's path, so tests run from any working
/// directory and any build folder.
public enum PackagePaths {
    /// The package root: Tests/Support/PackagePaths.swift is three levels down.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled resources `storefront` ships with: sample catalogs, layouts and demo tapes.
    public static let resources = root.appendingPathComponent("Resources")
    public static let catalogs = resources.appendingPathComponent("Catalogs")
    public static let layouts = resources.appendingPathComponent("Layouts")
    public static let demos = resources.appendingPathComponent("Demos")

    /// A bundled sample catalog by file name without `.storekit`: `catalog("TipJar")`.
    public static func catalog(_ name: String) -> URL {
        catalogs.appendingPathComponent("\(name).storekit")
    }

    /// The shared corpus of real `.storekit` files beside the package, read in place and
    /// never copied into the repository.
    public static let corpus = root.deletingLastPathComponent().appendingPathComponent("shared/storekit-corpus")

    public static func corpusFile(_ name: String) -> URL {
        corpus.appendingPathComponent(name)
    }

    /// The corpus files' names, sorted.
    public static var corpusFileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? [])
            .filter { $0.hasSuffix(".storekit") }
            .sorted()
    }
}
