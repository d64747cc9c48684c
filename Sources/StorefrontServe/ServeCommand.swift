import ArgumentParser
import Foundation
import LocalStore
import ServiceLifecycle
import StorefrontCommandLine
import StorefrontSSH
import TerminalCore

/// `storefront serve --ssh [HOST:]PORT`: the storefront over SSH. Each customer is the
/// SHA-256 fingerprint of their key, and each session runs `storefront run` for that
/// account, in a process and on a terminal of its own. `--http [HOST:]PORT` serves the App
/// Store Server API over the same ledger (`ServeCommand+HTTP.swift`), alone or beside SSH.
///
/// ```
/// storefront serve --ssh 2222 --catalog tipjar
/// ssh -p 2222 localhost                     # a customer, with their own key
/// ssh -p 2222 localhost transactions --json # what they bought
/// storefront serve --http 8080 --bundle-id com.example.tips --catalog tipjar
/// ```
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: SiblingExecutable.serveAbstract,
        discussion: """
            Customers sign in with an Ed25519 or ECDSA P-256 key (no passwords); the key's \
            SHA-256 fingerprint, as ssh-keygen -lf prints it, is their account. A session \
            with no command opens the store; `ssh … transactions|entitlements|requests [--json]` \
            prints that account's. SIGTERM or SIGINT stops admitting; each open session's store \
            counts --drain down on its bottom row, in its customer's language, then ends and its \
            ssh exits 0. SIGHUP rereads --authorized-keys. The store options \
            are handed to every session, and the PostgreSQL store (--store or STOREFRONT_STORE) \
            in its environment, never its arguments. A session's terminal is at most 1000x1000: a larger \
            window is told so and the store uses its top-left corner. Connections not yet signed \
            in are held to --max-unauthenticated (per address too) and closed after --login-grace.

            authorized_keys options honoured: from="pattern,…" (addresses with * ?, CIDR \
            blocks, ! to exclude), restrict and no-pty (no terminal: only the read-only commands), \
            pty after restrict; the forwarding and rc options change nothing (never offered). A line \
            with any other option (command=, environment=, expiry-time=, …) is refused.

            --http serves Apple's App Store Server API (transaction history, transaction info, \
            subscription statuses, order lookup, refund history, consumption, test notifications, \
            notification history) for every account of the ledger, to callers with a Bearer \
            ES256 token of a key registered with `storefront serve api-keys add`.
            """,
        subcommands: [APIKeysCommand.self, CertsCommand.self]
    )

    @Option(help: ArgumentHelp("Listen for SSH on [HOST:]PORT; the host is 127.0.0.1 unless given, port 0 picks a free one.", valueName: "[host:]port"))
    var ssh: Parsed<ListenAddress>?

    @OptionGroup var http: HTTPServeOptions

    @Option(help: ArgumentHelp(
        "The Ed25519 host key, made on first start with mode 0600 (default: $XDG_DATA_HOME/storefront/ssh_host_ed25519_key). Give every server of one shop the same file.",
        valueName: "path"
    ))
    var hostKey: String?

    @Option(help: ArgumentHelp(
        "Admit only the keys in this OpenSSH authorized_keys file, with their from=, restrict, no-pty and pty options; reread on SIGHUP (default: any key opens an account).",
        valueName: "file"
    ))
    var authorizedKeys: String?

    @Option(help: "The most sessions open at once.")
    var maxSessions = 64

    @Option(help: "The most sessions one key may have open at once.")
    var maxSessionsPerKey = 4

    @Option(help: "The most connections not signed in yet at once; one more is closed at once (as sshd's MaxStartups).")
    var maxUnauthenticated = 30

    @Option(help: "The most connections not signed in yet from one client address.")
    var maxUnauthenticatedPerAddress = 10

    @Option(help: ArgumentHelp("Close a connection not signed in after this long (as sshd's LoginGraceTime).", valueName: "time"))
    var loginGrace = Parsed(SessionTime(seconds: 30))

    @Option(help: ArgumentHelp("End a session after this long without a keystroke (90s, 10m, 1h).", valueName: "time"))
    var idle = Parsed(SessionTime(minutes: 10))

    @Option(help: ArgumentHelp("End any session after this long.", valueName: "time"))
    var maxSession = Parsed(SessionTime(hours: 1))

    @Option(help: ArgumentHelp("On SIGTERM, give open sessions and HTTP requests under way this long before ending them.", valueName: "time"))
    var drain = Parsed(SessionTime(seconds: 10))

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        // `serve api-keys …` validates this command too, with neither address given.
        _ = try ssh?.get(option: "--ssh")
        try http.validate(bundleID: storeOptions.bundleID)
        if storeOptions.account != nil {
            throw ValidationError("--account is each customer's own: serve signs every session in as its key's fingerprint.")
        }
        guard maxSessions > 0 else { throw ValidationError("--max-sessions \(maxSessions) must be at least 1.") }
        guard maxSessionsPerKey > 0 else { throw ValidationError("--max-sessions-per-key \(maxSessionsPerKey) must be at least 1.") }
        guard maxUnauthenticated > 0 else { throw ValidationError("--max-unauthenticated \(maxUnauthenticated) must be at least 1.") }
        guard maxUnauthenticatedPerAddress > 0 else {
            throw ValidationError("--max-unauthenticated-per-address \(maxUnauthenticatedPerAddress) must be at least 1.")
        }
        _ = try times()
    }

    func run() async throws {
        guard let ssh else {
            guard http.http != nil else {
                throw CommandFailure("say what to serve: --ssh [HOST:]PORT, --http [HOST:]PORT, or both", exitCode: .usage)
            }
            return try await ServeServices.run([try await httpService()].compactMap { $0 }, drain: try drain.get(option: "--drain").duration)
        }
        let address = try ssh.get(option: "--ssh")
        let environment = ProcessInfo.processInfo.environment
        let hostKeyPath = try hostKey ?? LedgerLocation.dataDirectory(environment: environment).appendingPathComponent("ssh_host_ed25519_key").path
        let store = storeOptions.arguments
        let storefront = try SiblingExecutable.storefront.path(for: "each session")
        let durations = try times()
        var settings = SSHServerSettings(
            host: address.host, port: address.port, hostKey: try HostKeyFile.loadOrCreate(at: hostKeyPath),
            executable: storefront
        ) { request in
            SessionCommands.launch(request, store: store, drain: durations.drain)
        }
        settings.authorizedKeys = try authorizedKeys.map { path throws(SSHServeError) in try AuthorizedKeysFile(path: path) }
        settings.limits = SessionLimits(total: maxSessions, perKey: maxSessionsPerKey)
        settings.signingIn = SessionLimits(total: maxUnauthenticated, perKey: maxUnauthenticatedPerAddress)
        settings.largestWindow = WindowSize(width: TerminalSize.largest.width, height: TerminalSize.largest.height)
        (settings.idle, settings.maxSession, settings.drain, settings.loginGrace) = durations
        settings.environment = SessionEnvironment.make(from: environment, store: try storeOptions.postgresStore(environment: environment))
        let server = try await StoreSSHServer.start(settings)
        let listening = ListenAddress(host: address.host, port: server.port)
        StoreCommandSupport.print(
            "storefront: serving over SSH on \(listening) (host key \(KeyFingerprint(settings.hostKey.publicKey))); "
                + "customers connect with: ssh -p \(server.port) \(address.reachableName)"
        )
        // With --http too, both serve side by side and stop together, on one signal handling.
        var services: [any Service] = [server.service(log: Self.log)]
        if let api = try await httpService() { services.append(api) }
        try await ServeServices.run(services, drain: durations.drain, stoppingSSH: true)
    }

    private func times() throws -> (idle: Duration, maxSession: Duration, drain: Duration, loginGrace: Duration) {
        (
            try idle.get(option: "--idle").duration,
            try maxSession.get(option: "--max-session").duration,
            try drain.get(option: "--drain").duration,
            try loginGrace.get(option: "--login-grace").duration
        )
    }

    /// The server's log: a line on standard output, as the one saying where it listens.
    @Sendable private static func log(_ line: String) {
        StoreCommandSupport.print("storefront: " + line)
    }
}

extension ListenAddress {
    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// The name a customer types: this machine's when listening on every address.
    var reachableName: String {
        ["0.0.0.0", "::"].contains(host) ? ProcessInfo.processInfo.hostName : host
    }
}
