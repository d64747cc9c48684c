extension Message {
    /// The billing-issue messages a customer's standing calls for: one per group with a
    /// plan in billing retry or a grace period, by group ID.
    public static func billingIssues(in entitlements: CustomerEntitlements) -> [Message] {
        entitlements.subscriptionGroups.keys.sorted().compactMap { groupID in
            entitlements.subscriptionGroups[groupID]?.billingIssueProductID == nil
                ? nil : Message(reason: .billingIssue, subscriptionGroupID: groupID)
        }
    }
}
