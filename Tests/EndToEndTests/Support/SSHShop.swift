#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StorefrontTestSupport
import Testing

/// `storefront serve --ssh 0` of its own: its data (ledgers, host key) in a scratch folder,
/// a port the system picks, on 127.0.0.1; keys made with ssh-keygen; and the OpenSSH
/// command line a customer types. Stopped (SIGKILL) when the test lets go of it.
final class SSHShop {
    let folder: URL
    let server: ChildProcess
    let port: Int

    /// Starts the server, with `environment` added to its own, and waits for the line that
    /// says where it listens.
    init(
        _ options: [String], folder: URL, environment: [String: String?] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        self.folder = folder
        let data: [String: String?] = ["XDG_DATA_HOME": folder.appendingPathComponent("data").path]
        server = try StorefrontCommand.start(
            ["serve", "--ssh", "0"] + options, environment: data.merging(environment) { _, given in given }, label: "serve"
        )
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            if let port = Self.port(in: server.stdoutSoFar) {
                self.port = port
                return
            }
            if server.hasEnded || ContinuousClock.now > deadline {
                let output = await server.wait(timeout: .seconds(1))
                Issue.record("serve never said where it listens: \(output.stdout) \(output.stderr)", sourceLocation: sourceLocation)
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    deinit {
        server.kill()
        _ = server.waitBlocking()
    }

    /// SIGTERM, as a service manager stops it, and what it printed.
    func stop() async -> ChildProcess.Output {
        server.send(SIGTERM)
        return await server.wait(timeout: .seconds(30))
    }

    /// A new Ed25519 key (no passphrase) in the shop's folder; returns its private key's path.
    func makeKey(_ name: String, type: String = "ed25519") async throws -> String {
        let path = folder.appendingPathComponent(name).path
        let output = try await ChildProcess.run(try Self.tool("ssh-keygen"), ["-q", "-t", type, "-N", "", "-f", path])
        try #require(output.status == 0, "ssh-keygen failed: \(output.stderr)")
        return path
    }

    /// `ssh` as a customer runs it, with this shop's known_hosts file and nothing from ~/.ssh.
    func ssh(key: String, terminal: Bool = true, options: [String] = [], command: [String] = []) throws -> [String] {
        [try Self.tool("ssh"), "-F", "/dev/null"] + (terminal ? ["-tt"] : []) + [
            "-i", key, "-p", "\(port)", "-o", "StrictHostKeyChecking=accept-new",
            "-o", "UserKnownHostsFile=\(folder.appendingPathComponent("known_hosts").path)",
            "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
        ] + options + ["127.0.0.1"] + command
    }

    /// Runs `ssh … command` (no terminal) to its end.
    func exec(key: String, _ command: String...) async throws -> ChildProcess.Output {
        let words = try ssh(key: key, terminal: false, command: command)
        return try await ChildProcess.run(words[0], Array(words.dropFirst()), timeout: .seconds(60))
    }

    /// The storefront children the server has now (each session's `storefront run`).
    var children: [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(server.pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").map(String.init)
        }
    }

    /// Waits (15 s at most) until the server has no child left; a failure naming them if it still has.
    func waitUntilNoChildren(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let deadline = ContinuousClock.now + .seconds(15)
        while !children.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        try #require(children.isEmpty, "the storefront outlived its client: \(children)", sourceLocation: sourceLocation)
    }

    static func tool(_ name: String) throws -> String {
        try #require(ChildProcess.find(name), "\(name) is not installed (OpenSSH's client: .ci/install-deps installs it)")
    }

    private static func port(in output: String) -> Int? {
        guard let range = output.range(of: "serving over SSH on 127.0.0.1:") else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }
}
