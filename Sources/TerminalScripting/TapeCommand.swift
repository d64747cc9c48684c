import TerminalCore
import TerminalUI

/// One command of a tape (see `Tape` for the language).
///
/// ```swift
/// let tape = try Tape("Press down enter\nSet latency 600ms")
/// tape.lines.map(\.command)  // [.press([.down, .enter]), .store(.latency(.milliseconds(600)))]
/// ```
public enum TapeCommand: Sendable, Hashable {
    // Before the app starts.
    /// `Size 80x24`: the screen size to start at (default 80x24).
    case size(TerminalSize)
    /// `Catalog tipjar`: a bundled catalog's name or a `.storekit` path.
    case catalog(String)
    /// `Set storefront GBR`: sell in that storefront's currency.
    case storefront(String)
    /// `Set locale ja`: product names for that locale.
    case locale(String)

    // The store, at any point.
    /// `Set latency 600ms`, `Set ask-to-buy on`, `Set fail purchase`, `Set fail none`.
    case store(TapeStoreSetting)
    /// `Buy com.example.tip`: a purchase made elsewhere (another device); the app sees it
    /// when it starts or when the customer restores purchases.
    case buy(productID: String)
    /// `Approve`: a parent approves every pending Ask to Buy request.
    case approve

    // How the tape plays.
    /// `Set typing-speed 100ms`: the pause after each key (default 100 ms).
    case typingSpeed(Duration)
    /// `Set wait-timeout 10s`: how long `WaitFor` waits (default 10 s).
    case waitTimeout(Duration)
    /// `Hide`: the steps after it run but are not recorded (no frames, no time in the
    /// cast), until `Show`; for setting up, say, a purchase history.
    case hide
    /// `Show`: record again, from the screen as it is now.
    case show
    /// `Source setup.tape`: the commands of another tape, from this tape's folder, in this
    /// line's place. `Tape` reads it, so a parsed tape's lines never hold it.
    case source(String)

    // The screen.
    /// `Press down enter`: keys, written as in `KeyScript`.
    case press([Key])
    /// `Type "GIFT-2026"`: one key per character.
    case type(String)
    /// `Wait 1.5s`: the clock moves on; spinners turn, the store answers.
    case wait(Duration)
    /// `WaitFor "Thank you"`: the clock moves on in small steps until the text is on screen.
    case waitFor(String)
    /// `Snapshot thank-you`: a named frame for `--frames`.
    case snapshot(String)
    /// `Screenshot thanks.svg`: a picture of the screen at this moment, in that file.
    case screenshot(String)
    /// `Resize 40x12`: the terminal changes size.
    case resize(TerminalSize)
    /// `Expire com.example.pass.monthly`: the subscription's period ends now and it does
    /// not renew (StoreKit Testing's `expireSubscription`): a churned subscriber.
    case expire(productID: String)
    /// `Advance 35d`, `PriceIncrease com.example.pass.monthly 12.99`,
    /// `ResolveBillingIssue com.example.pass.monthly`, `Renew com.example.pass.monthly fail`,
    /// `Refund com.example.tip request` …: an event in a subscription's or a purchase's life
    /// (`TapeStoreEvent`).
    case event(TapeStoreEvent)

    // Signed offers (before the app starts).
    /// `Set bundle-id com.example.backyardbirds`: the app the store runs as.
    case bundleID(String)
    /// `Set api-keys offer.api-keys`: the registered keys' file, beside the tape, as
    /// `serve api-keys add --api-keys` writes it.
    case apiKeys(String)
    /// `Set promotional-offer JWS`: the app's server signed this promotional offer, and the
    /// app applies it when the customer buys the product it names (as
    /// `.subscriptionPromotionalOffer` does in Swift).
    case promotionalOffer(compactJWS: String)

    /// True for the commands that set up the app and must come before the screen commands.
    public var isSetup: Bool {
        switch self {
        case .size, .catalog, .storefront, .locale, .bundleID, .apiKeys, .promotionalOffer: true
        default: false
        }
    }

    /// True for the commands that act on the screen, which start the app.
    public var isScreenCommand: Bool {
        switch self {
        case .press, .type, .wait, .waitFor, .snapshot, .screenshot, .resize: true
        default: false
        }
    }

    /// The command's name as written in a tape: `Press`, `Set latency`.
    public var name: String {
        switch self {
        case .size: "Size"
        case .catalog: "Catalog"
        case .storefront: "Set storefront"
        case .locale: "Set locale"
        case .store(.latency): "Set latency"
        case .store(.askToBuy): "Set ask-to-buy"
        case .store(.failing): "Set fail"
        case .buy: "Buy"
        case .approve: "Approve"
        case .expire: "Expire"
        case .event(let event): event.keyword
        case .store(.billingRetry): "Set billing-retry"
        case .typingSpeed: "Set typing-speed"
        case .waitTimeout: "Set wait-timeout"
        case .hide: "Hide"
        case .show: "Show"
        case .source: "Source"
        case .press: "Press"
        case .type: "Type"
        case .wait: "Wait"
        case .waitFor: "WaitFor"
        case .snapshot: "Snapshot"
        case .screenshot: "Screenshot"
        case .resize: "Resize"
        case .bundleID: "Set bundle-id"
        case .apiKeys: "Set api-keys"
        case .promotionalOffer: "Set promotional-offer"
        }
    }

    /// Parses one line that is not blank and not a comment.
    init(parsing line: String) throws(TapeLineError) {
        let words = try TapeWords.split(line[...])
        guard let keyword = words.first else { throw TapeLineError("empty command") }
        let arguments = Array(words.dropFirst())
        switch keyword {
        case "Size": self = .size(try Self.size(Self.single(arguments, keyword)))
        case "Catalog": self = .catalog(try Self.single(arguments, keyword))
        case "Set": self = try Self.setting(arguments)
        case "Buy": self = .buy(productID: try Self.single(arguments, keyword))
        case "Approve": self = try Self.bare(.approve, arguments)
        case "Expire": self = .expire(productID: try Self.single(arguments, keyword))
        case "Advance": self = .event(.advance(try Self.single(arguments, keyword)))
        case "PriceIncrease":
            guard arguments.count == 2 else {
                throw TapeLineError("PriceIncrease takes a product and its new price, such as PriceIncrease com.example.pass.monthly 12.99")
            }
            self = .event(.priceIncrease(productID: arguments[0], price: arguments[1]))
        case "ResolveBillingIssue": self = .event(.resolveBillingIssue(productID: try Self.single(arguments, keyword)))
        case "Hide": self = try Self.bare(.hide, arguments)
        case "Show": self = try Self.bare(.show, arguments)
        case "Source":
            let path = try Self.single(arguments, keyword)
            guard !path.isEmpty else { throw TapeLineError("Source needs a tape, such as Source setup.tape") }
            self = .source(path)
        case "Press": self = .press(try Self.keys(arguments))
        case "Type":
            let text = try Self.single(arguments, keyword)
            guard !text.isEmpty else { throw TapeLineError("Type needs text, such as Type \"GIFT-2026\"") }
            self = .type(text)
        case "Wait": self = .wait(try Self.duration(Self.single(arguments, keyword)))
        case "WaitFor":
            let text = try Self.single(arguments, keyword)
            guard !text.isEmpty else { throw TapeLineError("WaitFor needs text, such as WaitFor \"Thank you\"") }
            self = .waitFor(text)
        case "Snapshot":
            let name = try Self.single(arguments, keyword)
            guard !name.isEmpty else { throw TapeLineError("Snapshot needs a name") }
            self = .snapshot(name)
        case "Screenshot": self = .screenshot(try Self.pictureName(Self.single(arguments, keyword)))
        case "Resize": self = .resize(try Self.size(Self.single(arguments, keyword)))
        default:
            guard let event = try TapeStoreEvent(keyword: keyword, arguments: arguments) else {
                throw TapeLineError("unknown command \"\(keyword)\"")
            }
            self = .event(event)
        }
    }

    private static let settingNames =
        "storefront, locale, latency, ask-to-buy, billing-retry, fail, typing-speed, wait-timeout, bundle-id, api-keys, promotional-offer"

    private static func setting(_ arguments: [String]) throws(TapeLineError) -> TapeCommand {
        guard arguments.count == 2 else {
            throw TapeLineError("Set takes a setting and a value, such as Set latency 600ms (settings: \(settingNames))")
        }
        let value = arguments[1]
        switch arguments[0] {
        case "storefront": return .storefront(value)
        case "locale": return .locale(value)
        case "latency":
            if value.contains("-") {
                throw TapeLineError("latency \"\(value)\": a tape takes one duration such as 600ms, so it plays the same every time")
            }
            return .store(.latency(try duration(value)))
        case "ask-to-buy":
            guard let on = ["on": true, "off": false][value] else {
                throw TapeLineError("ask-to-buy is on or off, not \"\(value)\"")
            }
            return .store(.askToBuy(on))
        case "billing-retry":
            guard let on = ["on": true, "off": false][value] else {
                throw TapeLineError("billing-retry is on or off, not \"\(value)\"")
            }
            return .store(.billingRetry(on))
        case "fail": return .store(.failing(value == "none" ? nil : value))
        case "typing-speed": return .typingSpeed(try duration(value))
        case "wait-timeout": return .waitTimeout(try duration(value))
        case "bundle-id": return .bundleID(value)
        case "api-keys": return .apiKeys(value)
        case "promotional-offer": return .promotionalOffer(compactJWS: value)
        default: throw TapeLineError("unknown setting \"\(arguments[0])\" (settings: \(settingNames))")
        }
    }

    private static func bare(_ command: TapeCommand, _ arguments: [String]) throws(TapeLineError) -> TapeCommand {
        guard arguments.isEmpty else { throw TapeLineError("\(command.name) takes no arguments") }
        return command
    }

    private static func single(_ arguments: [String], _ keyword: String) throws(TapeLineError) -> String {
        guard arguments.count == 1 else {
            throw TapeLineError("\(keyword) takes one argument, not \(arguments.count) (quote text with spaces)")
        }
        return arguments[0]
    }

    /// A `Screenshot`'s file name: an SVG picture, written where the tool puts pictures.
    private static func pictureName(_ name: String) throws(TapeLineError) -> String {
        guard name.hasSuffix(".svg"), name.count > 4 else {
            throw TapeLineError("Screenshot \"\(name)\": name an SVG picture, such as Screenshot thanks.svg")
        }
        guard !name.contains("/") else {
            throw TapeLineError("Screenshot \"\(name)\": a file name, not a path (the tool chooses the folder)")
        }
        return name
    }

    private static func size(_ text: String) throws(TapeLineError) -> TerminalSize {
        guard let size = TerminalSize(text) else { throw TapeLineError(TerminalSize.problem(with: text)) }
        return size
    }

    private static func duration(_ text: String) throws(TapeLineError) -> Duration {
        guard let duration = DurationText.parse(text) else {
            throw TapeLineError("bad duration \"\(text)\": expected a duration such as 500ms or 1.5s")
        }
        return duration
    }

    /// `Press` takes the key tokens of `KeyScript`; text, pauses and resizes have their own commands.
    private static func keys(_ tokens: [String]) throws(TapeLineError) -> [Key] {
        guard !tokens.isEmpty else { throw TapeLineError("Press needs keys, such as Press down enter") }
        var keys: [Key] = []
        for token in tokens {
            let script: KeyScript
            do {
                script = try KeyScript(token)
            } catch {
                throw TapeLineError(error.description)
            }
            for step in script.steps {
                guard case .key(let key) = step else {
                    throw TapeLineError("Press takes keys; use Type, Wait or Resize instead of \"\(token)\"")
                }
                keys.append(key)
            }
        }
        return keys
    }
}

/// A `Set` command that changes the store's test controls.
///
/// ```swift
/// try Tape("Set fail purchase").lines[0].command  // .store(.failing("purchase"))
/// try Tape("Set fail none").lines[0].command      // .store(.failing(nil))
/// ```
public enum TapeStoreSetting: Sendable, Hashable {
    /// Every store call takes this long (zero: no latency).
    case latency(Duration)
    /// Every purchase waits for approval.
    case askToBuy(Bool)
    /// The store API with this name fails (the store checks the name); nil: none fails.
    case failing(String?)
    /// Renewals fail for billing (StoreKit Testing's `shouldEnterBillingRetryOnRenewal`).
    case billingRetry(Bool)
}

/// An event in a subscription's life that a tape makes happen, as StoreKit Testing's
/// controls do; the store reads the product and the values.
///
/// ```swift
/// try Tape("Advance 35d").lines[0].command  // .event(.advance("35d"))
/// ```
public enum TapeStoreEvent: Sendable, Hashable {
    /// The store's clock moves on by a step such as `35d` or `1mo`: renewals fall due.
    case advance(String)
    /// The product's existing subscribers are asked to agree to a higher price.
    case priceIncrease(productID: String, price: String)
    /// The customer fixes the payment method of a subscription in billing retry or grace.
    case resolveBillingIssue(productID: String)
    /// `Renew PRODUCT [fail]`: the subscription's renewal date comes now; with `fail`, its
    /// billing fails (StoreKit Testing's `forceRenewalOfSubscription`).
    case renew(productID: String, billingFails: Bool)
    /// `PriceConsent PRODUCT accept|decline`: the customer answers the price increase.
    case priceConsent(productID: String, accepts: Bool)
    /// `RemoveFromSale PRODUCT`: nobody can buy it; its subscribers lapse at renewal.
    case removeFromSale(productID: String)
    /// `AutoRenew PRODUCT on|off`: the customer turns the subscription's auto-renew on or off.
    case autoRenew(productID: String, on: Bool)
    /// `Refund PRODUCT [request [REASON] | grant | prorated=PERCENT | decline]`: the product's
    /// latest transaction refunded at once, or a refund asked for, then decided.
    case refund(productID: String, step: TapeRefundStep)
    /// `RefundReverse PRODUCT`: the refund of the product's latest refunded transaction is reversed.
    case refundReverse(productID: String)
    /// `Extend PRODUCT DAYS [REASON]`: the subscription's renewal date moves `days` later,
    /// for Apple's `extendReasonCode` (0 unless told); the store reads both.
    case extend(productID: String, days: String, reason: String?)
}
