#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// A bare TCP connection to a local server, from a source address of the test's choosing
/// (any of 127.0.0.0/8 on Linux), that never speaks: a scanner's, or a flood's.
final class RawConnection {
    private let descriptor: Int32

    /// Connects from `source` to 127.0.0.1:`port`.
    init(port: Int, from source: String = "127.0.0.1", sourceLocation: SourceLocation = #_sourceLocation) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0, "socket: \(String(cString: strerror(errno)))", sourceLocation: sourceLocation)
        var local = Self.address(source, port: 0)
        var remote = Self.address("127.0.0.1", port: port)
        let bound = withUnsafePointer(to: &local) { bind(descriptor, UnsafeRawPointer($0).assumingMemoryBound(to: sockaddr.self), socklen_t(MemoryLayout<sockaddr_in>.size)) }
        try #require(bound == 0, "bind \(source): \(String(cString: strerror(errno)))", sourceLocation: sourceLocation)
        let connected = withUnsafePointer(to: &remote) { connect(descriptor, UnsafeRawPointer($0).assumingMemoryBound(to: sockaddr.self), socklen_t(MemoryLayout<sockaddr_in>.size)) }
        try #require(connected == 0, "connect: \(String(cString: strerror(errno)))", sourceLocation: sourceLocation)
    }

    deinit {
        close(descriptor)
    }

    /// What the server sent within `timeout`, and whether it then closed the connection.
    func read(for timeout: Duration) -> (text: String, closed: Bool) {
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 { return (String(decoding: bytes, as: UTF8.self), true) }
            bytes += chunk.prefix(count)
        }
        return (String(decoding: bytes, as: UTF8.self), false)
    }

    private static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, text, &address.sin_addr)
        return address
    }
}
