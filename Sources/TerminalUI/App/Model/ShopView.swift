import StorefrontModel

/// The StoreKit-shaped view a shop is drawn with: a `StoreView` for a product list, a
/// `SubscriptionStoreView` for a subscription picker, a `SubscriptionOfferView` for one
/// plan's offer.
///
/// ```swift
/// let view = ShopView(shop)   // from a layout shop: style, buttons and order applied
/// view.modifiers.purchaseActions()
/// ```
public enum ShopView: InAppPurchaseView {
    case store(StoreView)
    case subscriptions(SubscriptionStoreView)
    case offer(SubscriptionOfferView)

    /// The view a layout shop describes.
    public init(_ shop: StoreLayout.Shop) {
        switch shop.kind {
        case .store:
            let order: StoreView.Order = shop.sortByPrice ? .priceAscending : .asGiven
            var view = StoreView(ids: shop.productIDs, order: order).productViewStyle(Self.productViewStyle(shop.style))
                .placeholderTitles(shop.titles)
            if shop.buttons.contains(.restorePurchases) {
                view = view.storeButton(.visible, for: .restorePurchases)
            }
            self = .store(view)
        case .subscriptions:
            let marketing = MarketingContent(title: shop.title)
            let base = shop.groupID.map { SubscriptionStoreView(groupID: $0, marketing: marketing) }
                ?? SubscriptionStoreView(productIDs: shop.productIDs, marketing: marketing)
            var view = base.subscriptionStoreControlStyle(Self.controlStyle(shop.style))
                .storeButton(shop.buttons.contains(.policies) ? .visible : .hidden, for: .policies)
                .subscriptionStoreOptionGroups(shop.optionGroups)
                .subscriptionStoreOptionGroupStyle(shop.optionGroupStyle)
            if shop.buttons.contains(.restorePurchases) {
                view = view.storeButton(.visible, for: .restorePurchases)
            }
            if shop.buttons.contains(.redeemCode) {
                view = view.storeButton(.visible, for: .redeemCode)
            }
            self = .subscriptions(view)
        case .offer:
            // A layout's offer shop always names its group.
            self = .offer(SubscriptionOfferView(groupID: shop.groupID ?? "", visibleRelationship: shop.relationship)
                .subscriptionOfferViewStyle(shop.style == .compact ? .compact : .automatic))
        }
    }

    /// What the view's modifiers set. A layout shop's view takes modifiers like any other:
    /// `ShopView(shop).storeProductsTask(for: shop.productIDs) { … }`.
    public var modifiers: StoreViewModifiers {
        get {
            switch self {
            case .store(let view): view.modifiers
            case .subscriptions(let view): view.modifiers
            case .offer(let view): view.modifiers
            }
        }
        set {
            switch self {
            case .store(var view):
                view.modifiers = newValue
                self = .store(view)
            case .subscriptions(var view):
                view.modifiers = newValue
                self = .subscriptions(view)
            case .offer(var view):
                view.modifiers = newValue
                self = .offer(view)
            }
        }
    }

    private static func productViewStyle(_ style: StoreLayout.Shop.Style) -> ProductViewStyle {
        switch style {
        case .compact: .compact
        case .regular: .regular
        case .large: .large
        case .automatic, .picker, .prominentPicker, .buttons, .compactPicker, .pagedPicker, .pagedProminentPicker: .automatic
        }
    }

    private static func controlStyle(_ style: StoreLayout.Shop.Style) -> SubscriptionStoreControlStyle {
        switch style {
        case .picker: .picker
        case .prominentPicker: .prominentPicker
        case .buttons: .buttons
        case .compactPicker: .compactPicker
        case .pagedPicker: .pagedPicker
        case .pagedProminentPicker: .pagedProminentPicker
        case .automatic, .compact, .regular, .large: .automatic
        }
    }
}

// Everything the app does differently for each kind of view is here, so a new kind of
// shop view is a case above, its screen, and the lines below.
extension ShopView {
    /// The screen that shows `setting.shop` through this view, made around what it kept.
    func screen(_ setting: ShopSetting, in state: AppState) -> any AppScreen {
        switch self {
        case .store(let view): ProductListScreen(setting, view: view, in: state)
        case .subscriptions(let view): PickerScreen(setting, view: view, in: state)
        case .offer(let view): OfferScreen(setting, view: view, in: state)
        }
    }

    /// The products of a list shown in the order given, which a large list can load a page
    /// at a time; nil for a list sorted by price, and for plans.
    var productIDsInOrder: [Product.ID]? {
        guard case .store(let view) = self, view.order == .asGiven else { return nil }
        return view.productIDs
    }

    /// What the view's detail key runs, if it has one.
    var detailAction: (@Sendable () async -> Void)? {
        guard case .offer(let view) = self else { return nil }
        return view.detailAction
    }

    /// What a purchase of each product from the view adds to its purchase options now:
    /// the offer the plan shows and the billing plan it is paid by, so the customer pays
    /// what they were shown.
    func purchaseOptions(for shop: StoreLayout.Shop, in state: AppState) -> [Product.ID: Set<Product.PurchaseOption>] {
        switch self {
        case .store:
            var options = state.storeContent(for: shop)?.offers.mapValues(\.purchaseOptions) ?? [:]
            // A plan paid monthly takes no offer.
            for (id, plan) in state.storeListState(for: shop).billingPlans where plan == .monthly {
                options[id] = [.billingPlanType(.monthly)]
            }
            return options
        case .subscriptions:
            let plans = state.pickerContent(for: shop)?.options ?? []
            return Dictionary(plans.map { ($0.id, $0.purchaseOptions) }, uniquingKeysWith: { first, _ in first })
        case .offer(let view):
            let content = OfferScreen.content(of: shop, view: view, filter: nil, in: state)
            return content.visibleSubscription.map { [$0.id: content.purchaseOptions] } ?? [:]
        }
    }

    /// What the view's Sign In button runs, if it has one.
    var signInAction: (@Sendable () async -> Void)? {
        guard case .subscriptions(let view) = self else { return nil }
        return view.signInAction
    }
}
