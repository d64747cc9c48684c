import Foundation
import StorefrontCommandLine

/// Writes `text` to `path`; fails with 73 (EX_CANTCREAT) when it cannot.
func writeOutput(_ text: String, to path: String) throws {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        throw CommandFailure("\(path): cannot be written: \(error.localizedDescription)", exitCode: .cannotCreate)
    }
}

/// Creates the folder `path` and any it is in; fails with 73 (EX_CANTCREAT) when it cannot.
func createOutputDirectory(_ path: String) throws {
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        throw CommandFailure("\(path): cannot be created: \(error.localizedDescription)", exitCode: .cannotCreate)
    }
}
