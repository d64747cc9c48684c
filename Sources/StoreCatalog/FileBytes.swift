import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file the way a shell user expects: regular files, but also pipes and
/// devices (`--catalog <(curl …)`, `/dev/stdin`), which `Data(contentsOf:)` refuses on
/// Linux with a misleading "You don't have permission". Failures carry the system's own
/// words ("Permission denied", "Is a directory").
///
/// ```swift
/// let data = try FileBytes.read(URL(fileURLWithPath: "/dev/stdin"))
/// print(data.count, "bytes")
/// ```
public enum FileBytes {
    /// Why a file could not be read, as the system says it.
    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The file's bytes, read to the end.
    public static func read(_ url: URL) throws(ReadError) -> Data {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw ReadError(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var data = Data()
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 {
            data.reserveCapacity(Int(status.st_size))  // a regular file: one allocation
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readChunk(descriptor, into: $0) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(description: String(cString: strerror(errno)))
            }
            data.append(contentsOf: chunk[..<count])
        }
    }
}

/// `read(2)`, named apart from `FileBytes.read`.
private func readChunk(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
