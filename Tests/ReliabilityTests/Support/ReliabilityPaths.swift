import Foundation

/// Paths computed from this file, so the suite runs from any working directory.
enum ReliabilityPaths {
    /// The package root: Tests/ReliabilityTests/Support/ReliabilityPaths.swift is four levels down.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The shared corpus of real `.storekit` files, read in place and never copied into the repo.
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/storekit-corpus")
    /// Our own sample catalogs.
    static let catalogs = packageRoot.appendingPathComponent("Resources/Catalogs")
    /// The tool as `swift build` leaves it.
    static let binary = packageRoot.appendingPathComponent(".build/debug/storefront")

    /// Every corpus file and sample catalog, sorted by path.
    static var seedCatalogs: [URL] {
        [corpus, catalogs].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "storekit" }
        }
        .sorted { $0.path < $1.path }
    }

    /// Where scratch folders and process logs go. `make check` sets `RELIABILITY_WORK_DIR` and
    /// keeps the folder, so it can grep every log for the keys the suite's ledgers made.
    static let workRoot: URL = {
        if let path = ProcessInfo.processInfo.environment["RELIABILITY_WORK_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("storefront-reliability-\(getpid())")
    }()

    /// True when the work folder is kept for the key scan after the run.
    static var keepsWork: Bool {
        ProcessInfo.processInfo.environment["RELIABILITY_WORK_DIR"].map { !$0.isEmpty } ?? false
    }
}
