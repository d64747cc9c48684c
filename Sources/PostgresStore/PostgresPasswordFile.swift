#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// libpq's password file: `$PGPASSFILE`, else `~/.pgpass`, one
/// `hostname:port:database:username:password` a line, `*` matching anything, `\:` and `\\`
/// for a colon or backslash in a field, `#` starting a comment. As libpq does, a file its
/// group or others may read is ignored (`ignoredReason` says why).
///
/// ```swift
/// let file = PostgresPasswordFile(environment: ["HOME": "/home/ada"])
/// file?.password(host: "db.example", port: 5432, database: "shop", user: "storefront")
/// ```
struct PostgresPasswordFile {
    let path: String

    /// The file the environment names, or nil when there is neither `PGPASSFILE` nor `HOME`.
    init?(environment: [String: String]) {
        if let given = environment["PGPASSFILE"], !given.isEmpty {
            path = given
        } else if let home = environment["HOME"], !home.isEmpty {
            path = URL(fileURLWithPath: home).appendingPathComponent(".pgpass").path
        } else {
            return nil
        }
    }

    /// Why the file is not used though it exists, or nil when it is usable or absent.
    var ignoredReason: String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        if status.st_mode & S_IFMT != S_IFREG { return "\(path) is not a regular file" }
        let mode = Int(status.st_mode) & 0o777
        guard mode & 0o077 == 0 else {
            return "\(path) was ignored: it has mode 0\(String(mode, radix: 8)), and must be readable by its owner alone (chmod 600 \(path))"
        }
        return nil
    }

    /// The password of the first line matching the store, as libpq picks it. A socket in
    /// one of the usual folders also matches a line for `localhost`.
    func password(host: String, port: Int, database: String, user: String) -> String? {
        guard ignoredReason == nil, let data = FileManager.default.contents(atPath: path) else { return nil }
        let hosts = Self.defaultSocketFolders.contains(host) ? [host, "localhost"] : [host]
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = Self.fields(line)
            guard fields.count == 5 else { continue }
            func matches(_ field: String, _ candidates: [String]) -> Bool { field == "*" || candidates.contains(field) }
            if matches(fields[0], hosts), matches(fields[1], [String(port)]), matches(fields[2], [database]), matches(fields[3], [user]) {
                return fields[4]
            }
        }
        return nil
    }

    /// Where PostgreSQL builds put their socket unless told otherwise.
    private static let defaultSocketFolders: Set<String> = ["/tmp", "/var/run/postgresql", "/run/postgresql"]

    /// A line's fields, unescaped; the fifth (the password) takes the rest of the line.
    private static func fields(_ line: Substring) -> [String] {
        var fields = [""]
        var escaped = false
        for character in line {
            if escaped {
                fields[fields.count - 1].append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":", fields.count < 5 {
                fields.append("")
            } else {
                fields[fields.count - 1].append(character)
            }
        }
        return fields
    }
}
