import Foundation

/// A scratch folder under the suite's work root, removed when the test ends unless `make check`
/// keeps the work root for its key scan.
struct ScratchDirectory: ~Copyable {
    let url: URL

    init(_ label: String) throws {
        url = ReliabilityPaths.workRoot.appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        if !ReliabilityPaths.keepsWork { try? FileManager.default.removeItem(at: url) }
    }
}
