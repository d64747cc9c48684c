import Logging
import ServiceLifecycle
import StoreServerHTTP
import StorefrontSSH

/// `serve`'s one signal handling, whatever it serves: its servers run side by side in one
/// `ServiceGroup`, which alone handles SIGTERM and SIGINT and shuts them all down gracefully
/// at once (each drains in its own way: SSH counts its sessions down, HTTP finishes the
/// requests under way), within the drain. SIGHUP stays the SSH server's (it rereads keys).
///
/// ```swift
/// try await ServeServices.run([ssh.service(log: log), api], drain: .seconds(10), stoppingSSH: true)
/// ```
enum ServeServices {
    /// Serves `services` until SIGTERM or SIGINT, then stops them together; the process ends
    /// at most `drain` (plus the SSH sessions' hang-up time with `stoppingSSH`) plus
    /// `StopDeadline.grace` later, whatever a client does.
    static func run(_ services: [any Service], drain: Duration, stoppingSSH: Bool = false) async throws {
        var logger = Logger(label: "storefront.serve")
        logger.logLevel = .warning
        let limit = drain + (stoppingSSH ? StoreSSHServer.stopGrace : .zero)
        let stopDeadline = StopDeadline(drain: limit)
        defer { stopDeadline.disarm() }
        var configuration = ServiceGroupConfiguration(
            services: [SideBySide(services: services)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger
        )
        configuration.maximumGracefulShutdownDuration = limit
        configuration.maximumCancellationDuration = .seconds(1)
        try await ServiceGroup(configuration: configuration).run()
    }
}

/// Services run as child tasks of one: each inherits its graceful shutdown, so a signal
/// stops them all at once (a `ServiceGroup` of several would stop them one after another,
/// the drains adding up).
private struct SideBySide: Service {
    let services: [any Service]

    func run() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            for service in services {
                group.addTask { try await service.run() }
            }
        }
    }
}
