#if canImport(Glibc)  // elsewhere: the trim below is glibc's alone
import Glibc
#endif

/// Gives back to the system the memory that starting the app freed. Parsing the catalog and
/// the interface's string table frees megabytes inside glibc's per-thread arenas, where they
/// stay resident, private to the process, until trimmed: with the default catalog RssAnon
/// drops from about 7.4 to 4.9 MB, for every customer's process. Looked up at run time, as
/// Swift's Glibc module does not declare it and other C libraries lack it.
///
/// ```swift
/// terminal.draw(frame.buffer)
/// releaseFreedMemory()  // once, after the first frame
/// ```
func releaseFreedMemory() {
    #if canImport(Glibc)  // elsewhere: Darwin's malloc returns freed pages by itself
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(nil, "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    #endif
}

/// Puts every thread's allocations in one malloc arena. glibc gives each thread that
/// allocates at once an arena of its own (up to eight a core), and what one thread frees in
/// its arena is not reused by the others: the threads that build a large catalog in the
/// background left about 7 MB of freed value trees resident beside the list that the store's
/// threads then built in theirs (rss_mb_100k 123 against 116 MB, BENCHMARKS.md). A
/// customer's process allocates on a few threads at a time, so they share the one arena's
/// lock without waiting long. Call it first, before any other thread starts.
///
/// ```swift
/// shareOneMallocArena()
/// let store = try await storeOptions.makeStore(buildingInBackground: true)
/// ```
public func shareOneMallocArena() {
    #if canImport(Glibc)  // elsewhere: Darwin's malloc has no arenas to limit
    typealias Option = @convention(c) (Int32, Int32) -> Int32
    let arenaMax: Int32 = -8  // M_ARENA_MAX in glibc's malloc.h
    if let symbol = dlsym(nil, "mallopt") {
        _ = unsafeBitCast(symbol, to: Option.self)(arenaMax, 1)
    }
    #endif
}
