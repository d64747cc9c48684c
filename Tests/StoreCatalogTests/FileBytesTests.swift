import Foundation
import StoreCatalog
import StorefrontTestSupport
import Testing

/// Reading whole files, pipes included, with the system's words when it cannot.
@Suite struct FileBytesTests {
    @Test func readsAFileWhole() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("big.bin")
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: file)
        #expect(try FileBytes.read(file) == bytes, "more than one 64 KiB chunk, in order")
    }

    @Test func readsAPipe() throws {
        let pipe = Pipe()
        try pipe.fileHandleForWriting.write(contentsOf: Data("{\"a\":1}".utf8))
        try pipe.fileHandleForWriting.close()
        let path = URL(fileURLWithPath: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
        #expect(try FileBytes.read(path) == Data("{\"a\":1}".utf8))
    }

    @Test func failuresSayWhyInTheSystemsWords() throws {
        let folder = try TemporaryDirectory()
        for (url, reason) in [(folder.url.appendingPathComponent("missing"), "No such file or directory"), (folder.url, "Is a directory")] {
            do {
                _ = try FileBytes.read(url)
                Issue.record("\(url.path) was read")
            } catch {
                #expect(error.description == reason)
            }
        }
    }
}
