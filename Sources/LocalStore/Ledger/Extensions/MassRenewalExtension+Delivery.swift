import Foundation

/// The outbox keys of a renewal-date extension's notifications, and the order a mass
/// extension's are delivered in: Apple sends its `RENEWAL_EXTENSION` `SUMMARY` after the
/// per-subscription outcomes (`RENEWAL_EXTENDED`, `RENEWAL_EXTENSION` `FAILURE`).
extension MassRenewalExtension {
    static let failureKeyPrefix = "renewal-extension-failure."
    static let extendedKeyPrefix = "renewal-extended."

    /// The key of the `RENEWAL_EXTENSION` `FAILURE` of chain `originalID` in request `requestIdentifier`.
    static func failureKey(requestIdentifier: String, originalID: Int64) -> String {
        "\(failureKeyPrefix)\(requestIdentifier).\(originalID)"
    }

    /// The key of the `RENEWAL_EXTENDED` of chain `originalID` by request `requestIdentifier`
    /// (one subscription's, or a mass extension's).
    static func extendedKey(requestIdentifier: String, originalID: Int64) -> String {
        "\(extendedKeyPrefix)\(originalID).\(requestIdentifier)"
    }

    /// A condition on the outbox row `n`, in SQL both engines read: true unless it is a
    /// summary with one of its request's outcomes recorded before it and still being
    /// delivered (its first round to come, or a retry). Such outcomes wait behind their own
    /// chains' earlier notifications, while a summary names no chain, so without it a summary
    /// would reach the receiver first. A mass request identifier is a UUID: no `%` or `_`
    /// for LIKE to misread.
    package static let summaryAfterOutcomesSQL = {
        let request = "substr(n.key, \(summaryKeyPrefix.count + 1))"
        return """
            (n.key NOT LIKE '\(summaryKeyPrefix)%' OR NOT EXISTS (
                SELECT 1 FROM notificationOutbox o WHERE o.nextAttemptAt IS NOT NULL AND o.id < n.id
                    AND (o.key LIKE ('\(failureKeyPrefix)' || \(request) || '.%') OR o.key LIKE ('\(extendedKeyPrefix)%.' || \(request)))))
            """
    }()
}
