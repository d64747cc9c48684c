extension SubscriptionGroupStatus {
    /// The plan whose renewal failed for billing while the App Store still retries it (a
    /// grace period, with access, or billing retry, without): the customer should update
    /// their payment method. Nil when no plan of the group has a billing issue.
    ///
    /// ```swift
    /// if let plan = entitlements.subscriptionGroup("pass").billingIssueProductID { print("Update payment for", plan) }
    /// ```
    public var billingIssueProductID: Product.ID? {
        statuses.first { $0.state == .inGracePeriod || $0.state == .inBillingRetryPeriod }?
            .transaction.verifiedValue?.productID
    }
}
