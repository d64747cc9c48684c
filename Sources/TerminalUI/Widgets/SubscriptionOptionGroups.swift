import StorefrontModel

/// How a `SubscriptionStoreView` groups its plans, as StoreKit's `SubscriptionOptionGroupSet`
/// (grouped by a key of yours) and `SubscriptionPeriodGroupSet` do.
///
/// ```swift
/// pass.subscriptionStoreOptionGroups(.period).subscriptionStoreOptionGroupStyle(.tabs)
/// ```
public enum SubscriptionOptionGroupSet: String, Sendable, Hashable, CaseIterable {
    /// A group per service level (`groupLevel`), named by what its plans' names share
    /// ("Sanctuary" for "Sanctuary Monthly" and "Sanctuary Yearly").
    case serviceLevel
    /// A group per subscription period ("1 month", "1 year").
    case period
}

/// How the groups show, StoreKit's `SubscriptionOptionGroupStyle`: a row of tabs over the
/// plans, or the first group's plans with links to the others under them. ← / → switch.
public enum SubscriptionOptionGroupStyle: String, Sendable, Hashable, CaseIterable {
    case automatic, tabs, links

    /// The style drawn: `automatic` is `tabs`.
    public var resolved: SubscriptionOptionGroupStyle { self == .automatic ? .tabs : self }
}

/// One group of plans and what it is called.
public struct SubscriptionOptionGroup: Sendable, Hashable {
    public let label: String
    /// Its plans, in display order.
    public let productIDs: [Product.ID]
}

extension SubscriptionStoreContent {
    /// The plans in groups, each in the order its first plan shows.
    public func groups(_ set: SubscriptionOptionGroupSet, language: InterfaceLanguage = .english) -> [SubscriptionOptionGroup] {
        var keys: [String] = []
        var members: [String: [SubscriptionOption]] = [:]
        for option in options {
            guard let info = option.product.subscription else { continue }
            let key = switch set {
            case .serviceLevel: "\(info.groupLevel)"
            case .period: "\(info.subscriptionPeriod.value) \(info.subscriptionPeriod.unit)"
            }
            if members[key] == nil { keys.append(key) }
            members[key, default: []].append(option)
        }
        return keys.compactMap { key in
            guard let plans = members[key], let first = plans.first?.product else { return nil }
            let label = switch set {
            case .serviceLevel: Self.sharedName(plans.map(\.product.displayName)) ?? first.displayName
            case .period: first.subscription.map { $0.subscriptionPeriod.durationPhrase(language: language) } ?? first.displayName
            }
            return SubscriptionOptionGroup(label: label, productIDs: plans.map(\.id))
        }
    }

    /// The same content with only the plans of `group`.
    func showing(_ group: SubscriptionOptionGroup) -> SubscriptionStoreContent {
        showing { group.productIDs.contains($0.id) }
    }

    /// What the names begin with alike, without the spaces and opening brackets it ends
    /// in ("Sanctuary" of "Sanctuary Monthly" and "Sanctuary Yearly"); nil for nothing.
    static func sharedName(_ names: [String]) -> String? {
        guard var shared = names.first.map(Array.init) else { return nil }
        for name in names.dropFirst() {
            shared = Array(zip(shared, name).prefix { $0 == $1 }.map(\.0))
        }
        while let last = shared.last, last.isWhitespace || "（(［[-–—·".contains(last) { shared.removeLast() }
        return shared.isEmpty ? nil : String(shared)
    }
}
