import Foundation
import StorefrontTestSupport

/// Where the reliability suite reads its seeds and keeps its work.
enum ReliabilityPaths {
    /// Every corpus file and sample catalog, sorted by path.
    static var seedCatalogs: [URL] {
        [PackagePaths.corpus, PackagePaths.catalogs].flatMap { folder in
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
