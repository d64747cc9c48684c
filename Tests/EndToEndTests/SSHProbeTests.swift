import Foundation
import StorefrontTestSupport
import Testing

/// `serve --ssh` probed as an attacker would (issue 32): a client asking for a huge
/// terminal, and connections that never sign in. Run in `make test` and in `make check`.
@Suite("storefront serve --ssh: probes", .reliabilityRun)
struct SSHProbeTests {
    /// asyncssh asks for a 10000x10000 pty, then a 65535x65535 window: the session's
    /// `storefront run` stays at the size the server grants (its memory measured all along),
    /// the customer reads why on the bottom row, and the store quits normally.
    @Test func aHugeWindowIsClampedAndTheSessionStaysSmall() async throws {
        let python = try #require(ChildProcess.find("python3"), "python3 is not installed: run .ci/install-deps")
        let asyncssh = try await ChildProcess.run(python, ["-c", "import asyncssh"])
        try #require(asyncssh.status == 0, "asyncssh is not installed: run .ci/install-deps (pip install asyncssh)")
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(SSHServeTests.tipJar, folder: scratch.url)
        let key = try await shop.makeKey("ada")
        let done = scratch.url.appendingPathComponent("done")
        let client = try ChildProcess(
            python, [PackagePaths.root.appendingPathComponent("Tests/SSHClient/huge_window.py").path,
                     "\(shop.port)", key, "10000x10000", "65535x65535", done.path],
            label: "huge-window"
        )
        var largest = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while !client.stdoutSoFar.contains("resized"), !client.hasEnded, ContinuousClock.now < deadline {
            largest = max(largest, shop.children.compactMap(Self.residentKilobytes).max() ?? 0)
            try await Task.sleep(for: .milliseconds(50))
        }
        // Some time at the last size, as a customer would stay.
        for _ in 0..<40 {
            largest = max(largest, shop.children.compactMap(Self.residentKilobytes).max() ?? 0)
            try await Task.sleep(for: .milliseconds(50))
        }
        FileManager.default.createFile(atPath: done.path, contents: Data())
        let output = await client.wait(timeout: .seconds(60))
        #expect(output.stdout.contains("notice: Your window is 10000x10000 characters; the store uses its top-left 1000x1000"), "\(output.stdout)\n\(output.stderr)")
        #expect(output.stdout.contains("notice: Your window is 65535x65535 characters; the store uses its top-left 1000x1000"), "\(output.stdout)\n\(output.stderr)")
        #expect(output.stdout.contains("exit-status 0"), "\(output.stdout)\n\(output.stderr)")
        #expect(largest > 0, "no session child was ever seen")
        // 1000x1000 is a million cells: ncurses's three screens and the store's frames of it.
        #expect(largest < 400_000, "the session's storefront grew to \(largest) kB")
        try await shop.waitUntilNoChildren()
    }

    /// Raw sockets that never speak fill the places for connections signing in (2 per
    /// address, 4 in all): one more, from the same or another address, is closed before the
    /// banner and so is a real customer; once --login-grace has closed the idle ones, the
    /// customer signs in.
    @Test func connectionsThatNeverSignInAreLimitedAndTimedOut() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(
            SSHServeTests.tipJar + ["--max-unauthenticated", "4", "--max-unauthenticated-per-address", "2", "--login-grace", "4s"],
            folder: scratch.url
        )
        let key = try await shop.makeKey("ada")
        var idle: [RawConnection] = []
        for source in ["127.0.0.1", "127.0.0.1", "127.0.0.2", "127.0.0.2"] {
            let connection = try RawConnection(port: shop.port, from: source)
            let greeting = connection.read(for: .milliseconds(500))
            #expect(greeting.text.hasPrefix("SSH-2.0-") && !greeting.closed, "\(source): \(greeting)")
            idle.append(connection)
        }
        let sameAddress = try RawConnection(port: shop.port, from: "127.0.0.2").read(for: .seconds(2))
        #expect(sameAddress.closed && sameAddress.text.isEmpty, "a third from 127.0.0.2 was served: \(sameAddress)")
        let anotherAddress = try RawConnection(port: shop.port, from: "127.0.0.3").read(for: .seconds(2))
        #expect(anotherAddress.closed && anotherAddress.text.isEmpty, "a fifth in all was served: \(anotherAddress)")
        let crowdedOut = try await shop.exec(key: key, "transactions")
        #expect(crowdedOut.status == 255, "\(crowdedOut)")
        // The grace time closes the idle ones; then the customer gets in.
        for connection in idle {
            let end = connection.read(for: .seconds(10))
            #expect(end.closed, "an idle connection outlived --login-grace 4s")
        }
        let customer = try await shop.exec(key: key, "transactions")
        #expect(customer.status == 0, "\(customer.stdout)\n\(customer.stderr)")
    }

    /// VmRSS of a process in kB, from /proc; nil once it is gone.
    static func residentKilobytes(_ pid: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return Int(line.split(separator: " ")[1])
    }
}
