#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StorefrontTestSupport
import Testing

/// Files that are not what they seem: a key file that is a FIFO or a device, a default
/// ledger that is a symbolic link out of the data folder, a schema version nobody wrote.
@Suite("storefront with odd key, ledger and schema files (real processes)")
struct OddFileTests {
    static let tip = "com.example.tipjar.nib.extrafine"
    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    private func storefront(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments, environment: ["XDG_DATA_HOME": data.url.path], timeout: timeout)
    }

    @Test("A key file that is a FIFO or /dev/null is refused at once, exit 66, naming it and what it is")
    func keyFileNotRegular() async throws {
        let fifo = data.url.appendingPathComponent("store-key.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let ledger = data.url.appendingPathComponent("ledger.sqlite").path
        let cases = [(fifo, "a named pipe (FIFO)"), ("/dev/null", "a character device")]
        for (key, kind) in cases {
            let started = ContinuousClock.now
            let refused = try await storefront(["buy", Self.tip, "--catalog", "tipjar", "--ledger", ledger, "--store-key", key], timeout: .seconds(20))
            #expect(ContinuousClock.now - started < .seconds(15), "\(key) hung")
            #expect(refused.status == 66, "\(key): \(refused.stderr)")
            #expect(refused.stderrLines == ["storefront: key file \(key) is \(kind), not a regular file: name the key file itself"])
            #expect(!refused.stderr.contains("chmod"), "\(refused.stderr)")
        }
    }

    @Test("A default ledger that is a symbolic link out of the data folder is refused, exit 65, and its target left as it was")
    func ledgerLinkedOutside() async throws {
        let outside = try TemporaryDirectory()
        let target = outside.url.appendingPathComponent("notes.txt")
        try Data().write(to: target)
        // The tip jar's identifier names its ledger folder.
        let folder = data.url.appendingPathComponent("storefront/E41A6D03")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("ledger.sqlite").path, withDestinationPath: target.path)

        let refused = try await storefront(["buy", Self.tip, "--catalog", "tipjar"])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderrLines.count == 1)
        #expect(refused.stderr.contains("symbolic link to \(target.resolvingSymlinksInPath().path), outside the data folder"), "\(refused.stderr)")
        #expect(try Data(contentsOf: target).isEmpty, "the file outside became a database")
    }

    @Test("store migrate on a schema version of -1 is one line and exit 65, not a crash")
    func negativeSchemaVersion() async throws {
        let store = try await PostgresCluster.database()
        #expect(try await storefront(["store", "migrate", "--store", store]).status == 0)
        try await PostgresCluster.sql("UPDATE storefront_schema SET version = -1", in: store)
        for command in [["store", "migrate"], ["transactions", "--catalog", "tipjar"]] {
            let refused = try await storefront(command + ["--store", store])
            #expect(refused.status == 65, "\(command): \(refused.status as Any) \(refused.signal as Any)")
            #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
            #expect(refused.stderr.contains("version -1, which no storefront writes"), "\(refused.stderr)")
        }
    }
}
