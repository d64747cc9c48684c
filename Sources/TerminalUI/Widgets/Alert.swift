import Foundation
import StorefrontModel

/// A message in a centred box with an OK button: thanks after a tip, "Waiting for
/// approval" for Ask to Buy, the error after a failed purchase. The app decides when to
/// show one (`Alert(purchaseOf:result:)` suggests it) and renders whatever it holds.
///
/// ```swift
/// if let alert = Alert(purchaseOf: tip, result: result) {
///     alert.render(in: screen, context: context, into: &buffer)
/// }
/// ```
public struct Alert: Sendable, Hashable, Widget {
    /// What kind of news it is: sets the symbol and colour of the title.
    public enum Kind: Sendable, Hashable {
        case success, info, warning, error
    }

    public var kind: Kind
    public var title: String
    public var message: String
    public var buttonTitle: String

    /// An alert whose words are given already in the customer's language; the button
    /// says OK in it unless told otherwise.
    public init(kind: Kind, title: String, message: String, buttonTitle: String? = nil, language: InterfaceLanguage = .english) {
        self.kind = kind
        self.title = title
        self.message = message
        self.buttonTitle = buttonTitle ?? language.text("OK")
    }

    /// Thanks after a tip or any consumable.
    ///
    /// ```swift
    /// Alert.thankYou(for: largeTip).title  // "Thank you!"
    /// ```
    public static func thankYou(for product: Product, language: InterfaceLanguage = .english) -> Alert {
        Alert(
            kind: .success, title: language.text("Thank you!"),
            message: language.text("Your %@ purchase is complete.", product.displayName), language: language
        )
    }

    /// A purchase that waits for someone's approval (Ask to Buy).
    public static func waitingForApproval(for product: Product, language: InterfaceLanguage = .english) -> Alert {
        Alert(
            kind: .info, title: language.text("Waiting for approval"),
            message: language.text("%@ will be yours once the purchase is approved.", product.displayName), language: language
        )
    }

    /// A purchase that failed, with the store's reason.
    public static func purchaseFailed(for product: Product, error: any Error, language: InterfaceLanguage = .english) -> Alert {
        Alert(
            kind: .error, title: language.text("Purchase failed"),
            message: language.text("%@: %@", product.displayName, language.describe(error)), language: language
        )
    }

    /// A purchase whose transaction did not pass verification.
    public static func unverified(for product: Product, language: InterfaceLanguage = .english) -> Alert {
        Alert(
            kind: .warning, title: language.text("Purchase not verified"),
            message: language.text("The store's receipt for %@ could not be verified.", product.displayName), language: language
        )
    }

    /// The outcome of Restore Purchases: how many purchases are active now.
    ///
    /// ```swift
    /// Alert.restored(count: 0).message  // "No purchases to restore."
    /// ```
    public static func restored(count: Int, language: InterfaceLanguage = .english) -> Alert {
        count == 0
            ? Alert(kind: .info, title: language.text("Restore Purchases"), message: language.text("No purchases to restore."), language: language)
            : Alert(
                kind: .success, title: language.text("Purchases restored"),
                message: language.text("%lld purchases are active.", count: count), language: language
            )
    }

    /// Purchases that finished while the customer was away (their session gone, or after
    /// "Quit anyway"), delivered as the app opened: `names` are their products'.
    public static func deliveredWhileAway(_ names: [String], language: InterfaceLanguage = .english) -> Alert {
        Alert(
            kind: .success, title: language.text("While you were away"),
            message: language.text(
                names.count == 1 ? "%@ was delivered." : "%@ were delivered.", names.formatted(.list(type: .and).locale(language.locale))
            ),
            language: language
        )
    }

    /// Restore Purchases failed.
    public static func restoreFailed(error: any Error, language: InterfaceLanguage = .english) -> Alert {
        Alert(kind: .error, title: language.text("Restore failed"), message: language.describe(error), language: language)
    }

    /// The alert a purchase's result calls for: thanks for a consumable, waiting for
    /// approval, the error, or a failed verification; `nil` for a cancel (in either form)
    /// and otherwise what was bought (`purchased(_:transaction:timeZone:)`).
    ///
    /// ```swift
    /// Alert(purchaseOf: tip, result: .success(.userCancelled))  // nil
    /// ```
    public init?(
        purchaseOf product: Product, result: Result<Product.PurchaseResult, any Error>, timeZone: TimeZone = .current,
        language: InterfaceLanguage = .english
    ) {
        switch result {
        case .success(.success(.verified(let transaction))):
            self = product.type == .consumable
                ? .thankYou(for: product, language: language)
                : .purchased(product, transaction: transaction, timeZone: timeZone, language: language)
        case .success(.success(.unverified)):
            self = .unverified(for: product, language: language)
        case .success(.pending):
            self = .waitingForApproval(for: product, language: language)
        case .success(.userCancelled):
            return nil
        case .failure(let error):
            if case StoreKitError.userCancelled = error { return nil }
            self = .purchaseFailed(for: product, error: error, language: language)
        }
    }

    private func modal(in area: Rect, options: RenderOptions) -> Modal {
        let width = Modal.innerWidth(in: area)
        let ellipsis = options.glyph(.ellipsis)
        let (symbol, style): (String?, Style) = switch kind {
        case .success: (options.glyph(.check), Style(.bold, foreground: .green))
        case .info: (nil, Palette.title)
        case .warning: (options.glyph(.warning), Palette.warning)
        case .error: (options.glyph(.warning), Palette.error)
        }
        var lines: [(text: String, style: Style)] = [("", .plain)]
        lines.append(wrapping: symbol.map { "\($0) \(title)" } ?? title, width: width, maxLines: 2, style: style, ellipsis: ellipsis)
        lines.append(("", .plain))
        // The message takes every row the screen can spare (border, blank rows, OK): a long
        // product name must not cut what the alert says.
        let spare = area.height - lines.count - 4
        lines.append(wrapping: message, width: width, maxLines: max(2, spare), style: .plain, ellipsis: ellipsis)
        return Modal(title: nil, lines: lines, buttons: [(buttonTitle, .prominent)], options: options)
    }

    /// Draws the alert over `area`, clearing what is under its box.
    public func render(in area: Rect, context: StoreContext, into buffer: inout Buffer) {
        modal(in: area, options: context.options).render(in: area, into: &buffer)
    }

    /// The alert's box, centred in `area`.
    public func frame(in area: Rect, options: RenderOptions) -> Rect {
        modal(in: area, options: options).frame(in: area)
    }

    /// Where the hardware cursor belongs: on the OK button.
    public func cursorPosition(in area: Rect, context: StoreContext) -> Position? {
        modal(in: area, options: context.options).buttonAreas(in: area).first.map { Position(x: $0.x + 2, y: $0.y) }
    }
}
