import ArgumentParser
import Foundation

/// The package's two programs, each found beside the other: `storefront` replaces itself
/// with `storefront-serve` for `serve`, whose sessions each run `storefront run`. The servers
/// (swift-nio, Hummingbird, swift-certificates) live in `storefront-serve` alone, so a
/// customer's process never maps them.
///
/// ```swift
/// let child = try SiblingExecutable.storefront.path(for: "each session")
/// // storefront: each session runs storefront, which is not beside storefront-serve: /opt/bin/storefront is missing
/// ```
package enum SiblingExecutable: String {
    case storefront
    case serve = "storefront-serve"

    /// What `serve` does, for both programs' `--help`.
    package static let serveAbstract =
        "Serve the storefront over SSH (one storefront per session, one account per key) and the App Store Server API over HTTP."

    /// The path of this program in the running one's folder, if it is there and may be
    /// run; else a failure (69) naming the missing file and `purpose`.
    package func path(for purpose: String) throws(CommandFailure) -> String {
        let path = Self.runningFolder.appendingPathComponent(rawValue).path
        guard access(path, X_OK) == 0 else {
            throw CommandFailure(
                "\(purpose) runs \(rawValue), which is not beside \(Self.runningName): \(path) is missing "
                    + "(swift build --product \(rawValue) makes it; make build makes both)",
                exitCode: .unavailable
            )
        }
        return path
    }

    /// The running program, symbolic links resolved.
    private static var running: URL {
        #if os(Linux)
        let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #else
        let path = Bundle.main.executablePath
        #endif
        return URL(fileURLWithPath: path ?? CommandLine.arguments[0]).resolvingSymlinksInPath()
    }

    private static var runningFolder: URL { running.deletingLastPathComponent() }

    private static var runningName: String { running.lastPathComponent }
}
