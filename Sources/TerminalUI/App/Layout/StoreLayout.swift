import StorefrontModel

/// Which shops the store list shows, in order, how each one looks, and the named
/// entitlements the Purchases screen reports.
///
/// Read one from a layout file with `StoreLayout(json:file:catalog:)`, or derive one from
/// a catalog with `StoreLayout(catalog:title:)`: a shop per subscription group, then one
/// each for consumables, non-consumables and non-renewing subscriptions.
///
/// ```swift
/// let layout = StoreLayout(
///     title: "Tips",
///     shops: [StoreLayout.Shop(id: "tips", title: "Tip Jar", kind: .store,
///                              productIDs: ["tip.small", "tip.large"], style: .compact)]
/// )
/// layout.shops[0].kind  // .store
/// ```
public struct StoreLayout: Sendable, Hashable {
    /// The header of the store list.
    public var title: String
    public var shops: [Shop]
    /// Features the Purchases screen lists as active or not.
    public var entitlements: [NamedEntitlement]

    public init(title: String, shops: [Shop], entitlements: [NamedEntitlement] = []) {
        self.title = title
        self.shops = shops
        self.entitlements = entitlements
    }

    /// The shop with this ID.
    public func shop(id: Shop.ID) -> Shop? {
        shops.first { $0.id == id }
    }
}

extension StoreLayout {
    /// One entry of the store list: a product list (`StoreView`) or a subscription
    /// picker (`SubscriptionStoreView`).
    ///
    /// ```swift
    /// let pass = StoreLayout.Shop(id: "pass", title: "Backyard Birds Pass", kind: .subscriptions,
    ///                             productIDs: ["pass.monthly", "pass.yearly"], groupID: "B1D5A2C7")
    /// ```
    public struct Shop: Sendable, Hashable, Identifiable {
        public typealias ID = String

        /// What the shop opens.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// A list of products, each with its own Buy button.
            case store
            /// A picker of plans with one Subscribe button.
            case subscriptions
            /// One plan of a group with the best offer for this customer
            /// (`SubscriptionOfferView`).
            case offer
        }

        /// How a shop is drawn: a product view style for a `store` shop (`automatic`,
        /// `compact`, `regular`, `large`), a control style for a `subscriptions` shop
        /// (`automatic`, `picker`, `prominentPicker`, `buttons`, `compactPicker`,
        /// `pagedPicker`, `pagedProminentPicker`), an offer view style for
        /// an `offer` shop (`automatic`, `compact`).
        public enum Style: String, Sendable, Hashable, CaseIterable {
            case automatic, compact, regular, large, picker, prominentPicker, buttons
            case compactPicker, pagedPicker, pagedProminentPicker

            /// Whether a shop of `kind` can use this style.
            public func fits(_ kind: Kind) -> Bool {
                switch self {
                case .automatic: true
                case .compact: kind == .store || kind == .offer
                case .regular, .large: kind == .store
                case .picker, .prominentPicker, .buttons, .compactPicker, .pagedPicker, .pagedProminentPicker: kind == .subscriptions
                }
            }
        }

        /// The extra buttons a shop shows, as StoreKit's `StoreButtonKind` names them.
        /// `policies` shows the catalog's terms of service and privacy policy links, and
        /// `redeemCode` a Redeem Code button (both subscription shops only).
        public enum Button: String, Sendable, Hashable, CaseIterable {
            case restorePurchases, policies, redeemCode
        }

        /// Unique in the layout; also the product load slot.
        public var id: ID
        public var title: String
        public var kind: Kind
        /// In display order; may name products the store lacks (they show as unavailable).
        public var productIDs: [Product.ID]
        /// The subscription group the products come from, if the layout named one.
        public var groupID: String?
        /// Which plan an `offer` shop shows, relative to the customer's current plan.
        public var relationship: Product.SubscriptionRelationship
        /// How a `subscriptions` shop groups its plans; nil for one list.
        public var optionGroups: SubscriptionOptionGroupSet?
        public var optionGroupStyle: SubscriptionOptionGroupStyle
        public var style: Style
        public var buttons: [Button]
        /// List by price, lowest first, instead of in `productIDs` order.
        public var sortByPrice: Bool
        /// What to call products before they load, or when the storefront lacks them.
        public var titles: PlaceholderTitles

        public init(
            id: ID, title: String, kind: Kind, productIDs: [Product.ID], groupID: String? = nil,
            style: Style = .automatic, buttons: [Button] = [], sortByPrice: Bool = false, titles: PlaceholderTitles = [:],
            relationship: Product.SubscriptionRelationship = .all,
            optionGroups: SubscriptionOptionGroupSet? = nil, optionGroupStyle: SubscriptionOptionGroupStyle = .automatic
        ) {
            self.relationship = relationship
            self.optionGroups = optionGroups
            self.optionGroupStyle = optionGroupStyle
            self.titles = titles
            self.id = id
            self.title = title
            self.kind = kind
            self.productIDs = productIDs
            self.groupID = groupID
            self.style = style
            self.buttons = buttons
            self.sortByPrice = sortByPrice
        }

        /// The product load slot for this shop.
        public var slot: LoadSlot { LoadSlot("shop:" + id) }
    }
}
