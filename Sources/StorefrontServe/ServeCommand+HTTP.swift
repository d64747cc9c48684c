import ArgumentParser
import Foundation
import ServiceLifecycle
import LocalStore
import StoreServerAPI
import StorefrontCommandLine
import StoreServerHTTP

/// `serve --http`'s options: where to listen, notification URLs and the rate limit. The app
/// (`--bundle-id`) and the API keys (`--api-keys`) are store options, as the store checks
/// signed offers with them too.
struct HTTPServeOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Serve the App Store Server API on [HOST:]PORT; the host is 127.0.0.1 unless given, port 0 picks a free one.",
        valueName: "[host:]port"
    ))
    var http: Parsed<ListenAddress>?

    @Option(help: ArgumentHelp("POST App Store Server Notifications V2 to this URL. Repeatable.", valueName: "url"))
    var notify: [Parsed<NotificationURL>] = []

    @Option(help: ArgumentHelp("Requests one API key may make: 100/1s, 50/1m, 3600/1h.", valueName: "n/time"))
    var rateLimit = Parsed(RateLimit(requests: 100, window: 1))

    @Option(help: ArgumentHelp(
        "The key payloads are signed with, made on first start with mode 0600 (default: $XDG_DATA_HOME/storefront/app-store-signing-key.pem).",
        valueName: "path"
    ))
    var signingKey: String?

    @Option(help: ArgumentHelp(
        "Sign with the chain `serve certs` made in this folder (the leaf's key, x5c: leaf, intermediate, root), so verifiers given its root-ca.cer verify in full.",
        valueName: "folder"
    ))
    var certificates: String?

    @Option(help: ArgumentHelp(
        "The environment payloads name: LocalTesting (verifiers skip the chain), or Sandbox or Production with --certificates.",
        valueName: "name"
    ))
    var environment = Parsed(PayloadEnvironment.localTesting)

    @Option(help: ArgumentHelp(
        "Close an HTTP connection whose request head is not all in this long after it opened or the request's first byte (90s, 10s, 500ms).",
        valueName: "time"
    ))
    var httpHeaderTimeout = Parsed(SessionTime(seconds: 10))

    @Option(help: ArgumentHelp("Close an HTTP connection whose request body is not all in this long after its head.", valueName: "time"))
    var httpBodyTimeout = Parsed(SessionTime(seconds: 30))

    @Option(help: ArgumentHelp("Close a kept-alive HTTP connection after this long without a request.", valueName: "time"))
    var httpIdle = Parsed(SessionTime(seconds: 60))

    @Option(help: ArgumentHelp(
        "The most HTTP connections open at once; more wait to be accepted (default: 512, or the descriptor limit less 64 when that is lower).",
        valueName: "n"
    ))
    var httpMaxConnections: Int?

    func validate(bundleID: String?) throws {
        let environment = try self.environment.get()
        if environment != .localTesting, certificates == nil {
            throw ValidationError("--environment \(environment) needs --certificates: Apple's verifiers check the chain outside LocalTesting.")
        }
        guard http != nil else {
            if !notify.isEmpty { throw ValidationError("--notify goes with --http.") }
            return
        }
        _ = try http?.get(option: "--http")
        guard bundleID != nil else {
            throw ValidationError("--http needs the app's --bundle-id, such as com.example.birds (a .storekit file has none).")
        }
        for url in notify { _ = try url.get() }
        _ = try rateLimit.get()
        _ = try timeouts()
    }

    /// `--http-header-timeout`, `--http-body-timeout`, `--http-idle` and `--http-max-connections`.
    func timeouts() throws -> HTTPTimeouts {
        var limits = HTTPTimeouts()
        limits.header = try httpHeaderTimeout.get(option: "--http-header-timeout").duration
        limits.body = try httpBodyTimeout.get(option: "--http-body-timeout").duration
        limits.idle = try httpIdle.get(option: "--http-idle").duration
        if let httpMaxConnections {
            guard httpMaxConnections > 0 else { throw ValidationError("--http-max-connections \(httpMaxConnections) must be at least 1.") }
            limits.maximumConnections = httpMaxConnections
        }
        return limits
    }

    /// The chain's leaf with its certificates, else the signing key file (made on first use).
    func signer() throws -> PayloadSigner {
        if let certificates {
            let chain = try SigningChainFolder.read(from: URL(fileURLWithPath: certificates))
            return PayloadSigner(key: chain.leafKey, chain: chain.certificates)
        }
        let file = try signingKey.map { URL(fileURLWithPath: $0) } ?? Self.dataDirectory().appendingPathComponent("app-store-signing-key.pem")
        return PayloadSigner(key: try SigningKeyFile.loadOrCreate(at: file))
    }

    static func dataDirectory() throws -> URL {
        try LedgerLocation.dataDirectory(environment: ProcessInfo.processInfo.environment)
    }
}

extension RateLimit: CommandLineValue {
    /// `--rate-limit`: `100/1s`, `50/1m`, `3600/1h`.
    package init(commandLine argument: String) throws {
        do {
            try self.init(parsing: argument)
        } catch {
            throw ValidationError("--rate-limit \(error.reason).")
        }
    }
}

extension ServeCommand {
    /// The App Store Server API and its notifications as one service (nil without --http),
    /// for `ServeServices.run` to serve beside SSH.
    func httpService() async throws -> (any Service)? {
        guard let address = try http.http?.get(option: "--http"), let bundleID = storeOptions.bundleID else { return nil }
        let store = try await storeOptions.makeStore()
        let settings = AppStoreServer.Settings(
            app: ServedApp(bundleID: bundleID, environment: try http.environment.get().rawValue), catalog: store.catalog.catalog,
            ledger: store.ledger, keys: await store.controls.inAppPurchaseKeys,
            signer: try http.signer(),
            controls: await store.controls, rateLimit: try http.rateLimit.get(),
            notificationURLs: try http.notify.map { try $0.get().url }, clock: store.clock
        )
        if settings.keys.isEmpty {
            FileHandle.standardError.write(Data(
                "storefront: no API key is registered, so every request gets 401; add one with: storefront serve api-keys add ISSUER KEY_ID PUBLIC.pem\n".utf8
            ))
        }
        let api = AppStoreServer(settings: settings, delivery: WebhookDelivery())
        let server = StoreHTTPServer.service(api, host: address.host, port: address.port, limits: try http.timeouts()) { port in
            StoreCommandSupport.print(
                "storefront: serving the App Store Server API for \(bundleID) on http://\(ListenAddress(host: address.host, port: port))"
            )
        }
        return ServedAPI(api: api, server: server)
    }
}

/// The HTTP server, and the notifications that go out for as long as it serves.
private struct ServedAPI<Server: Service>: Service {
    let api: AppStoreServer
    let server: Server

    func run() async throws {
        let delivering = Task { await api.deliverNotifications() }
        defer { delivering.cancel() }
        try await server.run()
    }
}

/// `storefront serve api-keys add ISSUER KEY_ID PUBLIC.pem`: registers the key whose
/// private half signs a back office's tokens.
struct APIKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api-keys",
        abstract: "Register the API keys whose tokens `serve --http` accepts.",
        subcommands: [Add.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register a key: its issuer ID, key ID and P-256 public key (PEM); a key with the same ID is replaced.",
            discussion: "storefront serve api-keys add 57246542-96fe-1a63-e053-0824d011072a 2X9R4HXF34 AuthKey.pub.pem"
        )

        @Argument(help: "The issuer ID tokens carry as iss.")
        var issuer: String

        @Argument(help: "The key ID tokens carry as kid.")
        var keyID: String

        @Argument(help: ArgumentHelp("The public key in PEM (a private key file works too: only its public half is kept).", valueName: "public.pem"))
        var publicKey: String

        @Option(help: ArgumentHelp("The key file (default: $XDG_DATA_HOME/storefront/api-keys).", valueName: "file"))
        var apiKeys: String?

        func run() async throws {
            guard let pem = FileManager.default.contents(atPath: publicKey) else {
                throw CommandFailure("\(publicKey): cannot be read", exitCode: .noInput)
            }
            let file = try StoreOptions.apiKeyFile(apiKeys)
            do {
                let key = try APIKey(issuerID: issuer, keyID: keyID, publicKeyPEM: String(decoding: pem, as: UTF8.self))
                try APIKeyFile.add(key, to: file)
            } catch {
                throw CommandFailure("\(publicKey): \(error.reason)", exitCode: .dataError)
            }
            StoreCommandSupport.print("storefront: API key \(keyID) of issuer \(issuer) registered in \(file.path)")
        }
    }
}

/// `storefront serve certs`: issues a root CA, an intermediate and a leaf with Apple's marker
/// extensions, for `serve --http --certificates` and for verifiers given the root.
struct CertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "certs",
        abstract: "Issue the signing chain (root CA, intermediate, leaf) that `serve --http --certificates` signs with.",
        discussion: """
            Give verifiers root-ca.cer (DER), as Apple's are given AppleRootCA-G3.cer: \
            SignedDataVerifier([root], False, Environment.SANDBOX, bundle_id) then verifies every \
            payload of `serve --http --certificates FOLDER --environment Sandbox` in full.
            """
    )

    @Option(help: ArgumentHelp("Where to write the chain (default: $XDG_DATA_HOME/storefront/app-store-certificates).", valueName: "folder"))
    var folder: String?

    @Flag(help: "Replace a chain already in the folder (payloads signed by the old one stop verifying).")
    var force = false

    func run() async throws {
        let target = try folder.map { URL(fileURLWithPath: $0) }
            ?? HTTPServeOptions.dataDirectory().appendingPathComponent("app-store-certificates")
        let root = SigningChainFolder.rootFile(in: target)
        if FileManager.default.fileExists(atPath: root.path), !force {
            throw CommandFailure("\(target.path) already holds a chain; --force replaces it", exitCode: .cannotCreate)
        }
        try SigningChainFolder.write(try SigningChain.issue(now: Date()), to: target)
        StoreCommandSupport.print("storefront: signing chain written to \(target.path); give verifiers \(root.path)")
    }
}
