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

extension Parsed<ListenAddress> {
    /// The address, or its error naming `option` (`--ssh`, `--http`), as every other option's does.
    func get(option: String) throws -> ListenAddress {
        do {
            return try get()
        } catch {
            throw ValidationError("\(option) \(error)")
        }
    }
}

/// What a session runs: `storefront run` for a shell; for `exec`, only the store's
/// read-only commands, each for that account alone.
enum SessionCommands {
    static let readOnly = ["transactions", "entitlements", "requests"]

    /// `store` is the serve command's own store options, handed on to every child; `drain`
    /// tells a shop how long it stays open once the server says it is closing.
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

    /// The arguments `serve` was given, less its own options: the store options every child gets.
    static func storeArguments(_ serveArguments: [String]) -> [String] {
        var kept: [String] = []
        var skipsValue = false
        for argument in serveArguments {
            if skipsValue {
                skipsValue = false
            } else if let name = ServeCommand.ownOptions.first(where: { argument == $0 || argument.hasPrefix($0 + "=") }) {
                skipsValue = argument == name
            } else {
                kept.append(argument)
            }
        }
        return kept
    }
}

/// A session time: `90s`, `10m`, `1h` (or what `--latency` takes, `500ms`, `1.5s`).
enum SessionTime {
    static func parse(_ text: String, option: String) throws -> Duration {
        if let duration = DurationText.parse(text, units: .all), duration > .zero { return duration }
        throw ValidationError("\(option) \"\(text)\" is not a time like 90s, 10m or 1h.")
    }
}
