import ArgumentParser
import Foundation
import StorefrontCommandLine
import StorefrontSSH
import TerminalCore

/// `--ssh [HOST:]PORT` or `--http [HOST:]PORT`: where `serve` listens; 127.0.0.1 unless a host is given.
struct ListenAddress: CommandLineValue, CustomStringConvertible {
    var host: String
    var port: Int

    package init(commandLine argument: String) throws {
        var host = "127.0.0.1"
        var portText = Substring(argument)
        if let colon = argument.lastIndex(of: ":") {
            host = String(argument[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            portText = argument[argument.index(after: colon)...]
        }
        guard !host.isEmpty, let port = Int(portText) else {
            throw ValidationError("\"\(argument)\" is not [HOST:]PORT, e.g. 2222 or 0.0.0.0:2222 (port 0 picks a free one).")
        }
        guard (0...65_535).contains(port) else {
            throw ValidationError("\"\(argument)\": port \(port) is out of range; a port is 1 to 65535 (0 picks a free one).")
        }
        self.host = host
        self.port = port
    }

    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// What a session runs: `storefront run` for a shell; for `exec`, only the store's
/// read-only commands, each for that account alone.
enum SessionCommands {
    static let readOnly = ["transactions", "entitlements", "requests"]

    /// `store` is the serve command's own store options (`StoreOptions.arguments`), handed on
    /// to every child; `drain` tells a shop how long it stays open once the server says it is closing.
    static func launch(_ request: SessionRequest, store: [String], drain: Duration = .seconds(10)) -> SessionLaunch {
        // One ledger for every customer: the key's fingerprint is the account.
        let account = ["--account", request.account.description]
        // --remote: nothing a session prints shows the server's files (the ledger's path).
        let remote = account + ["--remote"]
        guard let command = request.command else {
            return .run(["run"] + store + remote + ["--drain", "\(drain.components.seconds)s"])
        }
        let words = command.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let name = words.first, readOnly.contains(name), words.dropFirst().allSatisfy({ $0 == "--json" }), words.count <= 2 else {
            return .refuse(
                "storefront: \"\(command)\" is not offered over SSH; you may run "
                    + readOnly.joined(separator: ", ") + " (each with or without --json), or connect with no command to shop."
            )
        }
        return .run(words + store + remote)
    }
}

/// A session or connection time, more than zero: `90s`, `10m`, `1h` (or what `--latency`
/// takes, `500ms`, `1.5s`). Several options take one, so its error names the value alone
/// (`Parsed.get(option:)` adds the option).
struct SessionTime: CommandLineValue, CustomStringConvertible {
    let duration: Duration
    /// As written: `10m`.
    let description: String

    init(commandLine text: String) throws {
        description = text
        guard let duration = DurationText.parse(text, units: .all), duration > .zero else {
            throw ValidationError("\"\(text)\" is not a time like 90s, 10m or 1h.")
        }
        self.duration = duration
    }

    /// A default: `SessionTime(minutes: 10)` is `10m`.
    init(seconds: Int64 = 0, minutes: Int64 = 0, hours: Int64 = 0) {
        duration = .seconds(seconds + 60 * minutes + 3600 * hours)
        description = hours > 0 ? "\(hours)h" : minutes > 0 ? "\(minutes)m" : "\(seconds)s"
    }
}

/// `--environment`: the `environment` payloads name, as Apple spells it.
enum PayloadEnvironment: String, CommandLineValue, CaseIterable, CustomStringConvertible {
    case localTesting = "LocalTesting"
    case sandbox = "Sandbox"
    case production = "Production"

    init(commandLine argument: String) throws {
        guard let environment = Self(rawValue: argument) else {
            throw ValidationError("--environment \"\(argument)\" is not one of \(Self.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        self = environment
    }

    var description: String { rawValue }
}

/// One `--notify URL`: where notifications are POSTed, http:// or https:// with a host.
struct NotificationURL: CommandLineValue {
    let url: URL

    init(commandLine argument: String) throws {
        guard let url = URL(string: argument), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ValidationError("--notify \"\(argument)\" is not an http:// or https:// URL.")
        }
        self.url = url
    }
}
