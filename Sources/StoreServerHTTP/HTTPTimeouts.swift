#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long `serve --http` waits for a client, and how many it serves at once: a socket that
/// sends nothing, a request head dripped a byte at a time or a body that never ends is closed,
/// so no one holds a connection (and its descriptor) that a customer needs.
///
/// ```swift
/// var limits = HTTPTimeouts()
/// limits.header = .seconds(2)
/// let http = StoreHTTPServer.service(api, host: "127.0.0.1", port: 0, limits: limits) { _ in }
/// ```
public struct HTTPTimeouts: Sendable, Equatable {
    /// From a connection's opening, or a request's first byte, to the end of its head.
    public var header: Duration = .seconds(10)
    /// From a request's head to the end of its body.
    public var body: Duration = .seconds(30)
    /// How long a kept-alive connection may wait for its next request.
    public var idle: Duration = .seconds(60)
    /// The most connections open at once; more wait in the listen queue until one closes.
    public var maximumConnections = HTTPTimeouts.defaultMaximumConnections

    public init() {}

    /// Descriptors kept back from connections, for the ledger's files and webhook deliveries.
    public static let reservedDescriptors = 64

    /// 512, or fewer when the descriptor limit (`ulimit -n`) would run out first.
    public static var defaultMaximumConnections: Int {
        var limit = rlimit()
        #if os(Linux)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 512 }
        return max(1, min(512, Int(clamping: limit.rlim_cur) - reservedDescriptors))
    }
}
