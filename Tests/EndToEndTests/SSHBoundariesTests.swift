import Foundation
import StorefrontTestSupport
import Testing

/// What `serve --ssh` refuses or ends, as the OpenSSH client reports it: a full store, a
/// session past its absolute limit, and every kind of port forwarding.
@Suite("storefront serve --ssh: limits and forwarding")
struct SSHBoundariesTests {
    @Test func aFullStoreSaysSoToTheNextCustomer() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(SSHServeTests.tipJar + ["--max-sessions", "1"], folder: scratch.url)
        let ada = try await shop.makeKey("ada")
        let bob = try await shop.makeKey("bob")
        let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: ada)))
        _ = try await tmux.screen(showing: "Consumables")
        let refused = try await shop.exec(key: bob, "transactions")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("The store is full (1 session)"), "\(refused.stderr)")
    }

    @Test func aSessionEndsAtItsAbsoluteLimitWhateverTheKeys() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(SSHServeTests.tipJar + ["--max-session", "4s"], folder: scratch.url)
        let key = try await shop.makeKey("ada")
        let tmux = try await TmuxSession(width: 80, height: 24, command: shellCommand(try shop.ssh(key: key)) + "; sleep 60")
        // A customer at work, a key every half second from the start (on a busy machine the
        // store may not even have drawn yet): the limit ends the session all the same.
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let pane = try await tmux.capture()
            if pane.contains(where: { $0.contains("This session has reached its limit of 4s") }) { break }
            try #require(ContinuousClock.now < deadline, "the session outlived --max-session 4s:\n\(pane.joined(separator: "\n"))")
            try await tmux.press("down")
            try await Task.sleep(for: .milliseconds(500))
        }
        try await shop.waitUntilNoChildren()
    }

    @Test func noForwardingOfAnyKind() async throws {
        let scratch = try TemporaryDirectory()
        let shop = try await SSHShop(SSHServeTests.tipJar, folder: scratch.url)
        let key = try await shop.makeKey("ada")
        // -W: a direct-tcpip channel to the server's own port, as `ssh -J` would open.
        let direct = try shop.ssh(key: key, terminal: false, options: ["-W", "127.0.0.1:\(shop.port)"])
        let through = try await ChildProcess.run(direct[0], Array(direct.dropFirst()), timeout: .seconds(60))
        #expect(through.status == 255, "\(through.stderr)")
        #expect(through.stderr.contains("open failed"), "\(through.stderr)")
        // -R: a port on the server forwarded back to the client.
        let remote = try shop.ssh(
            key: key, terminal: false, options: ["-N", "-o", "ExitOnForwardFailure=yes", "-R", "127.0.0.1:0:127.0.0.1:9"]
        )
        let back = try await ChildProcess.run(remote[0], Array(remote.dropFirst()), timeout: .seconds(60))
        #expect(back.status == 255, "\(back.stderr)")
        #expect(back.stderr.contains("remote port forwarding failed"), "\(back.stderr)")
    }
}
