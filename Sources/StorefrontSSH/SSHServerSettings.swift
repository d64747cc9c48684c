import NIOSSH

/// Everything `StoreSSHServer` needs: where to listen, the host key, who may enter, the
/// limits, and how a session's command line is made (the CLI knows its own commands).
///
/// ```swift
/// let settings = SSHServerSettings(
///     host: "127.0.0.1", port: 2222,
///     hostKey: try HostKeyFile.loadOrCreate(at: "host_key"),
///     executable: "/usr/local/bin/storefront",
///     launch: { request in .run(["run", "--account", request.account.description]) })
/// ```
public struct SSHServerSettings: Sendable {
    public var host: String
    /// 0 picks a free port (`StoreSSHServer.port` tells which).
    public var port: Int
    public var hostKey: NIOSSHPrivateKey
    /// nil: any Ed25519 or P-256 key opens an account of its own. Reread on SIGHUP.
    public var authorizedKeys: AuthorizedKeysFile?
    public var limits = SessionLimits(total: 64, perKey: 4)
    /// Connections not signed in yet, in all and per client address (the key is the address).
    public var signingIn = SessionLimits(total: 30, perKey: 10)
    /// A connection not signed in after this long is closed.
    public var loginGrace: Duration = .seconds(30)
    /// A shell session ends after this long without a keystroke from the customer.
    public var idle: Duration = .seconds(600)
    /// Any session ends after this long.
    public var maxSession: Duration = .seconds(3600)
    /// The largest terminal a session gets, whatever its client asks for: the store keeps
    /// cells for every column and row, so a 10000x10000 window would take gigabytes.
    public var largestWindow = WindowSize(width: 1000, height: 1000)
    /// How long open sessions are given once the server is told to stop.
    public var drain: Duration = .seconds(10)
    /// The program every session runs.
    public var executable: String
    /// Every child's environment, before the session's TERM, LANG and LC_*.
    public var environment: [String: String] = [:]
    /// The arguments (after the program's name) for a session, or why it is refused.
    public var launch: @Sendable (SessionRequest) -> SessionLaunch

    public init(
        host: String, port: Int, hostKey: NIOSSHPrivateKey, executable: String,
        launch: @escaping @Sendable (SessionRequest) -> SessionLaunch
    ) {
        self.host = host
        self.port = port
        self.hostKey = hostKey
        self.executable = executable
        self.launch = launch
    }
}

/// A session asking to start: whose it is, and the command of an `exec` (nil for a shell).
public struct SessionRequest: Sendable {
    public var account: KeyFingerprint
    public var command: String?
}

/// What a session runs: the program's arguments, or a refusal the customer reads
/// (and exit status 1).
public enum SessionLaunch: Sendable, Equatable {
    case run([String])
    case refuse(String)
}
