#if canImport(Glibc)  // elsewhere: the options below are glibc's alone
import Glibc
#endif

/// Tunes glibc's malloc for a customer's process, which holds one large catalog for its
/// life. Every thread's allocations share one arena: glibc gives each thread that allocates
/// at once an arena of its own (up to eight a core), and what one frees there the others
/// never reuse, so the threads that build a large catalog in the background left about 7 MB
/// of freed value trees resident beside the list the store's threads built in theirs
/// (rss_mb_100k 123 against 116 MB, BENCHMARKS.md). And blocks from 128 KB up (a list's
/// arrays of 100,000 IDs or products) are always mapped on their own and unmapped when
/// freed: by default the threshold rises to the largest block freed, and the next such
/// arrays, made in the arena, left holes there when they went (about 1 MB at the peak). A
/// customer's process allocates on a few threads at a time, so they share the one arena's
/// lock without waiting long. Call it first, before any other thread starts.
///
/// ```swift
/// tuneMallocForOneCatalog()
/// let store = try await storeOptions.makeStore(buildingInBackground: true)
/// ```
public func tuneMallocForOneCatalog() {
    #if canImport(Glibc)  // elsewhere: Darwin's malloc has neither knob
    typealias Option = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(nil, "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: Option.self)
    // Looked up at run time, as Swift's Glibc module does not declare it (malloc_trim's way).
    // M_ARENA_MAX and M_MMAP_THRESHOLD in glibc's malloc.h.
    _ = mallopt(-8, 1)
    _ = mallopt(-3, 128 << 10)
    #endif
}
