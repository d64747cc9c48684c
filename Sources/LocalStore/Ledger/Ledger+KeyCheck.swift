import Foundation

extension Ledger {
    /// Refuses a key set that signed none of the ledger's rows, so that a mistyped
    /// `--store-key` cannot split a store's signatures between two keys: a key file just
    /// made (a path that named nothing) is taken back, as a new key is made only for an
    /// empty store. A set `store rotate-key` started is accepted: chosen on purpose.
    ///
    /// - Throws: `LedgerError.keysSignNoRows` (exit 77), naming the key file and the ledger.
    package func checkKeysSignRows() async throws(LedgerError) {
        let headers = keys.keys.map(\.headerSegment)
        let use = try await read { store in try await store.keyUse(headerSegments: headers) }
        guard case .signsNone(let rows) = use else { return }
        if let createdKeyFile {
            unlink(createdKeyFile.path)
        } else if keys.startedByRotation {
            return
        }
        throw .keysSignNoRows(
            keyFile: createdKeyFile?.path ?? files?.signingKey.path ?? "(in memory)", ledger: path, rows: rows, created: createdKeyFile != nil
        )
    }
}
