import Crypto
import Foundation

/// The bare ES256 (P-256 ECDSA) verify rate of this machine through swift-crypto, with
/// none of the ledger's work around it: the most a cold read of signed transactions can
/// reach. Verifies `count` distinct signatures of 400-byte messages (about a transaction's
/// signing input) on `tasks` tasks at once; verifications per second.
func signatureCeiling(count: Int, tasks: Int) async throws -> Double {
    let key = P256.Signing.PrivateKey()
    // Plain bytes cross into the tasks; each task parses its own key and signatures.
    let publicKey = key.publicKey.rawRepresentation
    let messages = (0..<count).map { Data(("transaction \($0) " + String(repeating: "x", count: 400)).utf8) }
    let signatures = messages.compactMap { try? key.signature(for: $0).rawRepresentation }
    let start = ContinuousClock.now
    let valid = await withTaskGroup(of: Int.self) { group in
        for task in 0..<tasks {
            group.addTask {
                guard let key = try? P256.Signing.PublicKey(rawRepresentation: publicKey) else { return 0 }
                return stride(from: task, to: signatures.count, by: tasks).count { index in
                    guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatures[index]) else { return false }
                    return key.isValidSignature(signature, for: messages[index])
                }
            }
        }
        return await group.reduce(0, +)
    }
    let elapsed = start.duration(to: .now)
    guard valid == count else { throw BenchError("signature ceiling: \(count - valid) of \(count) signatures did not verify") }
    return Double(count) / (elapsed.milliseconds / 1_000)
}
