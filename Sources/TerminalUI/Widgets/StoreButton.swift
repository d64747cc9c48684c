import Foundation

/// One button of a store's button bar, as the app shows and activates it.
///
/// ```swift
/// for button in view.storeButtons(context: context) {
///     print(button.title, button.url?.absoluteString ?? "")
/// }
/// // Restore Purchases
/// // Terms of Service https://example.com/terms
/// ```
public struct StoreButton: Sendable, Hashable {
    /// What the button does when activated.
    public enum Role: Sendable, Hashable, CaseIterable {
        case restorePurchases, redeemCode, signIn, termsOfService, privacyPolicy, close
    }

    public let role: Role
    /// Where a policy button leads; `nil` for the others.
    public let url: URL?

    public init(role: Role, url: URL? = nil) {
        self.role = role
        self.url = url
    }

    /// The label: "Restore Purchases", "Terms of Service", …
    public func title(language: InterfaceLanguage = .english) -> String {
        switch role {
        case .restorePurchases: language.text("Restore Purchases")
        case .redeemCode: language.text("Redeem Code")
        case .signIn: language.text("Sign In")
        case .termsOfService: language.text("Terms of Service")
        case .privacyPolicy: language.text("Privacy Policy")
        case .close: language.text("Close")
        }
    }

    /// The label where space is short: "Restore", "Terms", …
    public func shortTitle(language: InterfaceLanguage = .english) -> String {
        switch role {
        case .restorePurchases: language.text("Restore")
        case .redeemCode: language.text("Redeem")
        case .signIn: language.text("Sign In")
        case .termsOfService: language.text("Terms")
        case .privacyPolicy: language.text("Privacy")
        case .close: language.text("Close")
        }
    }
}

/// Which store buttons show, by StoreKit's rules for `.automatic`: Close when presented,
/// Restore and Redeem Code never, Sign In once an action is set, each policy that has a
/// link. Redeem Code, Sign In and the policies exist in subscription stores only.
struct StoreButtonRules {
    let modifiers: StoreViewModifiers
    let isPresented: Bool
    /// `nil` outside a subscription store.
    let subscription: (hasSignInAction: Bool, policies: PolicyLinks)?

    var buttons: [StoreButton] {
        var buttons: [StoreButton] = []
        if modifiers.visibility(for: .restorePurchases) == .visible {
            buttons.append(StoreButton(role: .restorePurchases))
        }
        if let subscription {
            if modifiers.visibility(for: .redeemCode) == .visible {
                buttons.append(StoreButton(role: .redeemCode))
            }
            if subscription.hasSignInAction, modifiers.visibility(for: .signIn) != .hidden {
                buttons.append(StoreButton(role: .signIn))
            }
            if modifiers.visibility(for: .policies) != .hidden {
                for (role, policy) in [(StoreButton.Role.termsOfService, SubscriptionStorePolicyKind.termsOfService), (.privacyPolicy, .privacyPolicy)] {
                    if let url = subscription.policies[policy] { buttons.append(StoreButton(role: role, url: url)) }
                }
            }
        }
        switch modifiers.visibility(for: .cancellation) {
        case .visible: buttons.append(StoreButton(role: .close))
        case .automatic where isPresented: buttons.append(StoreButton(role: .close))
        default: break
        }
        return buttons
    }
}

/// The row of store buttons: centred, underlined like links, the focused one reversed.
struct StoreButtonBar {
    let buttons: [StoreButton]
    let options: RenderOptions

    /// Each button's area on row `rect.y`, with long titles when they all fit, short ones otherwise.
    func placements(in rect: Rect) -> [(button: StoreButton, title: String, area: Rect)] {
        let long = buttons.map { $0.title(language: options.language) }
        let useLong = width(of: long, gap: 3) <= rect.width
        let titles = useLong ? long : buttons.map { $0.shortTitle(language: options.language) }
        let gap = useLong ? 3 : 2
        var x = rect.x + max(0, (rect.width - width(of: titles, gap: gap)) / 2)
        return zip(buttons, titles).map { button, title in
            defer { x += displayWidth(of: title) + gap }
            return (button, title, Rect(x: x, y: rect.y, width: displayWidth(of: title), height: 1))
        }
    }

    func render(in rect: Rect, focus: StoreFocus, into buffer: inout Buffer) {
        for placement in placements(in: rect) {
            let focused = focus == .button(placement.button.role)
            buffer.write(
                placement.title, x: placement.area.x, y: rect.y,
                style: options.style(focused ? Palette.selected.patched(with: Palette.title) : Palette.link), within: rect
            )
        }
    }

    /// The button under column `x` of the bar's row.
    func button(atX x: Int, in rect: Rect) -> StoreButton? {
        placements(in: rect).first { $0.area.contains(x: x, y: rect.y) }?.button
    }

    private func width(of titles: [String], gap: Int) -> Int {
        titles.reduce(0) { $0 + displayWidth(of: $1) } + gap * max(0, titles.count - 1)
    }
}
