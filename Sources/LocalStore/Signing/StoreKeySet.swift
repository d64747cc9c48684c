import Foundation

/// The store's signing keys, oldest first: the newest signs new transactions, and each
/// verifies the rows it signed, found by the `kid` of the row's JWS header.
///
/// The key file (`store-key.pem` beside the ledger, or `--store-key`) holds the set; it must be
/// readable by its owner alone (mode 0600). A file of one key, as stores wrote before key
/// sets, is a set of one, and its rows, whose `kid` is that key's ID, verify unchanged.
///
/// ```swift
/// let url = URL(fileURLWithPath: "/tmp/store-key.pem")
/// let before = try StoreKeySet.loadOrCreate(at: url)
/// let after = try StoreKeySet.rotate(at: url)
/// assert(after.keys.count == before.keys.count + 1)
/// for key in after.keys {
///     print(key.keyID, key.publicKeyFingerprint, key.keyID == after.signingKey.keyID ? "signs" : "")
/// }
/// ```
public struct StoreKeySet: Sendable {
    /// Oldest first; never empty.
    public let keys: [StoreSigningKey]
    /// The key new transactions are signed with: the newest.
    public var signingKey: StoreSigningKey { keys[keys.count - 1] }
    /// Whether `store rotate-key` started the file: a set chosen on purpose, which a
    /// ledger whose rows other keys signed accepts (`Ledger.checkKeysSignRows`).
    public let startedByRotation: Bool

    init(keys: [StoreSigningKey], startedByRotation: Bool = false) {
        precondition(!keys.isEmpty, "a key set holds at least one key")
        self.keys = keys
        self.startedByRotation = startedByRotation
    }

    /// One new key that lives only as long as the process: for in-memory ledgers.
    public static func ephemeral() -> StoreKeySet {
        StoreKeySet(keys: [.generate()])
    }

    /// Loads the key file at `url`, or creates it (mode 0600) holding one new key.
    ///
    /// Processes that start together agree on one key: creation is exclusive,
    /// and the loser loads the winner's file.
    ///
    /// - Throws: `LedgerError`: `.keyFileNotPrivate` (77) when group or others may read the
    ///   file, `.invalidKeyFile` (65) naming the line when it is malformed.
    public static func loadOrCreate(at url: URL) throws(LedgerError) -> StoreKeySet {
        try openOrCreate(at: url).keys
    }

    /// `loadOrCreate`, saying whether this call made the file.
    static func openOrCreate(at url: URL) throws(LedgerError) -> (keys: StoreKeySet, created: Bool) {
        if FileManager.default.fileExists(atPath: url.path) {
            return (try load(from: url), false)
        }
        let created = StoreKeySet(keys: [.generate()])
        if try KeyFile.createExclusively(at: url, contents: KeySetText.encode(created.keys)) {
            return (created, true)
        }
        return (try load(from: url), false)
    }

    /// Loads the key file at `url`, which must exist.
    public static func load(from url: URL) throws(LedgerError) -> StoreKeySet {
        let text = try KeyFile.readPrivate(at: url)
        return StoreKeySet(keys: try KeySetText.decode(text, path: url.path), startedByRotation: KeySetText.isStartedByRotation(text))
    }

    /// Adds a new key to the file at `url` (creating the file when there is none, marked as
    /// started by rotation) and makes it the signing key. The file is replaced whole, so readers see the old set or the new.
    ///
    /// Rotations in several processes at once each add their key: each re-reads the file
    /// under an exclusive lock before adding to it.
    public static func rotate(at url: URL) throws(LedgerError) -> StoreKeySet {
        let newKey = StoreSigningKey.generate()
        if !FileManager.default.fileExists(atPath: url.path),
           try KeyFile.createExclusively(at: url, contents: KeySetText.encode([newKey], startedByRotation: true)) {
            return StoreKeySet(keys: [newKey], startedByRotation: true)
        }
        return try KeyFile.withExclusiveLock(on: url) { () throws(LedgerError) -> StoreKeySet in
            let loaded = try load(from: url)
            let rotated = StoreKeySet(keys: loaded.keys + [newKey], startedByRotation: loaded.startedByRotation)
            try KeyFile.replace(at: url, contents: KeySetText.encode(rotated.keys, startedByRotation: rotated.startedByRotation))
            return rotated
        }
    }

    /// Checks that `jws` was signed by one of the set's keys, the one its `kid` names, and
    /// carries exactly `expectedPayload`.
    ///
    /// - Returns: nil when it verifies, otherwise the first reason it does not.
    func verify(_ jws: String, expectedPayload: JSONObject) -> VerificationFailure? {
        // Split on bytes: splitting a String by Character walks grapheme clusters.
        let segments = jws.utf8.split(separator: UInt8(ascii: "."), maxSplits: 3, omittingEmptySubsequences: false)
        guard segments.count == 3 else {
            return .malformedJWS("expected 3 dot-separated segments, found \(segments.count)")
        }
        // Newest first: most rows were signed by the current key.
        guard let key = keys.last(where: { segments[0].elementsEqual($0.headerSegment.utf8) }) else {
            return headerFailure(segments[0])
        }
        return key.verify(jws, segments: segments, expectedPayload: expectedPayload)
    }

    private func headerFailure(_ segment: Substring.UTF8View) -> VerificationFailure {
        guard let bytes = Base64URL.decode(segment), let header = CanonicalJSON.decodeObject(bytes) else {
            return .malformedJWS("the header is not base64url JSON")
        }
        guard header["alg"] == .string("ES256") else {
            return .malformedJWS("the header's alg is not ES256")
        }
        guard case .string(let keyID) = header["kid"] else {
            return .malformedJWS("the header has no kid")
        }
        guard keys.contains(where: { $0.keyID == keyID }) else {
            return .keyMissing(keyID: keyID)
        }
        return .malformedJWS("the header differs from the store's ES256 header")
    }
}
