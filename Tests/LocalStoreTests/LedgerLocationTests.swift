import Foundation
import LocalStore
import Testing

@Suite("Where the ledger lives")
struct LedgerLocationTests {
    @Test("XDG_DATA_HOME wins when it is an absolute path")
    func xdgDataHome() throws {
        let files = try LedgerLocation.default(catalogIdentifier: "BackyardBirds")
            .files(environment: ["XDG_DATA_HOME": "/data/ada", "HOME": "/home/ada"])
        #expect(files?.database.path == "/data/ada/storefront/BackyardBirds/ledger.sqlite")
        #expect(files?.signingKey.path == "/data/ada/storefront/BackyardBirds/store-key.pem")
    }

    @Test("Without XDG_DATA_HOME (or with an empty or relative one) it is ~/.local/share", arguments: [
        ["HOME": "/home/ada"],
        ["HOME": "/home/ada", "XDG_DATA_HOME": ""],
        ["HOME": "/home/ada", "XDG_DATA_HOME": "relative/data"],
    ])
    func homeFallback(environment: [String: String]) throws {
        let files = try LedgerLocation.default(catalogIdentifier: "tips").files(environment: environment)
        #expect(files?.database.path == "/home/ada/.local/share/storefront/tips/ledger.sqlite")
    }

    @Test("With neither XDG_DATA_HOME nor HOME there is no place for it")
    func noHome() {
        #expect(throws: LedgerError.noDataDirectory) {
            try LedgerLocation.default(catalogIdentifier: "tips").files(environment: [:])
        }
        #expect(LedgerError.noDataDirectory.exitCode == 73)
    }

    @Test("A catalog identifier that cannot be one folder is refused", arguments: ["", ".", "..", "a/b", "../escape"])
    func badIdentifier(identifier: String) {
        #expect(throws: LedgerError.invalidCatalogIdentifier(identifier)) {
            try LedgerLocation.default(catalogIdentifier: identifier).files(environment: ["HOME": "/home/ada"])
        }
    }

    @Test("An explicit path keeps the key beside it; memory has no files")
    func explicitAndMemory() throws {
        let files = try LedgerLocation.path(URL(fileURLWithPath: "/srv/shop/../shop/ledger.db")).files(environment: [:])
        #expect(files?.database.path == "/srv/shop/ledger.db")
        #expect(files?.signingKey.path == "/srv/shop/store-key.pem")
        #expect(try LedgerLocation.inMemory.files(environment: [:]) == nil)
    }

    @Test("Opening the default location creates the folders, owner-only")
    func createsFolders() throws {
        let folder = try LedgerFolder()
        let ledger = try Ledger(
            location: .default(catalogIdentifier: "birds"), environment: ["XDG_DATA_HOME": folder.url.path]
        )
        let ledgerFolder = folder.url.appendingPathComponent("storefront/birds")
        #expect(ledger.files?.database == ledgerFolder.appendingPathComponent("ledger.sqlite"))
        #expect(FileManager.default.fileExists(atPath: ledgerFolder.appendingPathComponent("ledger.sqlite").path))
        let attributes = try FileManager.default.attributesOfItem(atPath: ledgerFolder.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test("A folder that cannot be created is named in the error, exit 73")
    func cannotCreateFolder() throws {
        let folder = try LedgerFolder()
        let blocker = folder.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let error = #expect(throws: LedgerError.self) {
            try Ledger(location: .path(blocker.appendingPathComponent("shop/ledger.sqlite")), environment: [:])
        }
        guard case .cannotCreate(let path, let reason) = error else {
            Issue.record("expected cannotCreate, got \(String(describing: error))")
            return
        }
        #expect(path == blocker.appendingPathComponent("shop").path)
        #expect(!reason.isEmpty)
        #expect(error?.exitCode == 73)
        #expect(error?.description.contains(path) == true)
    }

    @Test("A file that is not SQLite is reported as not a ledger, exit 65")
    func notALedger() throws {
        let folder = try LedgerFolder()
        try Data(String(repeating: "not a database ", count: 100).utf8).write(to: folder.database)
        let error = #expect(throws: LedgerError.self) { try folder.openLedger() }
        guard case .notALedger(let path, _) = error else {
            Issue.record("expected notALedger, got \(String(describing: error))")
            return
        }
        #expect(path == folder.database.path)
        #expect(error?.exitCode == 65)
    }
}

extension LedgerLocationTests {
    @Test("A ledger path that is a folder is an I/O error naming it, exit 74")
    func pathIsAFolder() throws {
        let folder = try LedgerFolder()
        try FileManager.default.createDirectory(at: folder.database, withIntermediateDirectories: false)
        let error = #expect(throws: LedgerError.self) { try folder.openLedger() }
        guard case .cannotRead(let path, _) = error else {
            Issue.record("expected cannotRead, got \(String(describing: error))")
            return
        }
        #expect(path == folder.database.path)
        #expect(error?.exitCode == 74)
    }
}

extension LedgerLocationTests {
    @Test("A ledger written by a newer version is refused rather than written to, exit 65")
    func newerSchema() async throws {
        let folder = try LedgerFolder()
        _ = try await folder.openLedger().recordPurchase(Sample.consumable(), attemptID: UUID())
        try folder.edit("INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        let error = #expect(throws: LedgerError.self) { try folder.openLedger() }
        #expect(error == .notALedger(path: folder.database.path, reason: "it was written by a newer version of storefront"))
        #expect(error?.exitCode == 65)
    }

    @Test("A row forced past the schema's checks is reported by row and column, not a crash")
    func forcedBadRow() async throws {
        let folder = try LedgerFolder()
        let ledger = try folder.openLedger()
        let jar = try await ledger.recordPurchase(Sample.consumable(), attemptID: UUID())
        try folder.edit("PRAGMA ignore_check_constraints = ON; UPDATE transactions SET price = 'free' WHERE id = \(jar.id)")
        await #expect(throws: LedgerError.notALedger(
            path: folder.database.path, reason: "transactions row \(jar.id): column price cannot be read"
        )) {
            try await ledger.transactions()
        }
    }
}
