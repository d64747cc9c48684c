import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A large catalog file mapped into memory instead of read into it, whose pages are given back
/// as the reader passes them: a 64 MB file then never has more than a few of its megabytes
/// resident (a read copy, or a mapping left alone, counts all of it in the process's peak).
/// Pages given back are read again from the page cache if touched again.
///
/// Only regular files of at least `minimumSize` bytes are mapped; anything else (small files,
/// pipes, devices) is read whole by ``FileBytes``, so `map` returns nil for those.
///
/// ```swift
/// if let file = try MappedFile.map(url) {
///     var reading = MappedFile.Reading(file, from: 0)
///     parse(file.data) { offset in reading.passed(offset) }
/// }
/// ```
/// Unchecked: its fields never change, and threads that read shares of a file give back
/// pages of their own shares (`madvise` is safe from any thread).
final class MappedFile: @unchecked Sendable {
    /// Below this, reading is as cheap and holding the file costs little.
    static let minimumSize = 1 << 20
    /// Pages are given back this many bytes at a time: one `madvise` per megabyte read.
    private static let releaseStep = 1 << 20

    /// The file's bytes, where they are mapped; unmapped when the last copy goes.
    let data: Data
    private let base: UnsafeMutableRawPointer
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    private init(base: UnsafeMutableRawPointer, count: Int) {
        self.base = base
        data = Data(bytesNoCopy: base, count: count, deallocator: .unmap)
    }

    /// The file mapped read-only, or nil when it is not a regular file of at least
    /// `minimumSize` bytes (or cannot be mapped), which a caller reads instead.
    static func map(_ url: URL) throws(FileBytes.ReadError) -> MappedFile? {
        // Looked at before opening: opening a named pipe would wait for its writer.
        var status = stat()
        guard stat(url.path, &status) == 0, isLarge(status) else { return nil }
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw FileBytes.ReadError(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0, isLarge(status), let count = Int(exactly: status.st_size) else {
            return nil
        }
        guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            return nil
        }
        // Read front to back, twice (the outline, then each product): read ahead.
        _ = madvise(base, count, MADV_SEQUENTIAL)
        return MappedFile(base: base, count: count)
    }

    private static func isLarge(_ status: stat) -> Bool {
        status.st_mode & S_IFMT == S_IFREG && status.st_size >= minimumSize
    }

    /// Gives back the whole pages in `range` (its ends rounded down to a page); the bytes
    /// stay readable.
    func release(_ range: Range<Int>) {
        let start = range.lowerBound / pageSize * pageSize
        let end = min(range.upperBound, data.count) / pageSize * pageSize
        guard end > start else { return }
        _ = madvise(base + start, end - start, MADV_DONTNEED)
    }

    /// One front-to-back read of part of the file, giving back what it has passed a megabyte
    /// at a time.
    struct Reading {
        let file: MappedFile
        private var start: Int

        init(_ file: MappedFile, from start: Int) {
            self.file = file
            self.start = start
        }

        /// The reader is at `offset`: the bytes before it will not be needed again. `last`:
        /// nor any before it of this read, which ends here (a share of the file read on its
        /// own otherwise kept up to a megabyte).
        mutating func passed(_ offset: Int, last: Bool = false) {
            guard last || offset - start >= MappedFile.releaseStep else { return }
            file.release(start..<offset)
            start = offset
        }
    }
}
