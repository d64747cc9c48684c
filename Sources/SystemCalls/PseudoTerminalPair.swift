#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new pseudo-terminal, both sides close-on-exec: the controller (what a terminal
/// emulator holds: keys in, screen out) and the device a program runs on. The one caller
/// of openpty; whoever holds the pair closes its descriptors.
///
/// ```swift
/// let pair = try PseudoTerminalPair(width: 80, height: 24)
/// pair.resize(width: 100, height: 30)   // the device's session gets SIGWINCH
/// ```
public struct PseudoTerminalPair: Sendable {
    public let controller: Int32
    public let device: Int32
    /// The device's path, for a child that opens it as its controlling terminal.
    public let devicePath: String

    public init(width: Int, height: Int) throws(SystemCallError) {
        var controller: Int32 = -1
        var device: Int32 = -1
        var name = [CChar](repeating: 0, count: 4096)
        var size = Self.size(width: width, height: height)
        guard openpty(&controller, &device, &name, nil, &size) == 0 else {
            throw SystemCallError("cannot open a pseudo-terminal")
        }
        _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
        _ = fcntl(device, F_SETFD, FD_CLOEXEC)
        self.controller = controller
        self.device = device
        devicePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// TIOCSWINSZ, as a terminal emulator does when its window is resized; the kernel sends
    /// SIGWINCH to the terminal's foreground process group.
    public func resize(width: Int, height: Int) {
        var size = Self.size(width: width, height: height)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    private static func size(width: Int, height: Int) -> winsize {
        winsize(ws_row: UInt16(clamping: height), ws_col: UInt16(clamping: width), ws_xpixel: 0, ws_ypixel: 0)
    }
}
