import Foundation
import StorefrontModel
import TerminalUI

/// Products, contexts and screens the widget tests share. Prices are built from strings
/// and formatted by Foundation for each storefront, as the store does.
enum Fixtures {
    static let gbp = Decimal.FormatStyle.Currency(code: "GBP", locale: Locale(identifier: "en_GB"))
    static let jpy = Decimal.FormatStyle.Currency(code: "JPY", locale: Locale(identifier: "ja_JP"))
    static let eur = Decimal.FormatStyle.Currency(code: "EUR", locale: Locale(identifier: "de_DE"))
    static let rub = Decimal.FormatStyle.Currency(code: "RUB", locale: Locale(identifier: "ru_RU"))
    static let sar = Decimal.FormatStyle.Currency(code: "SAR", locale: Locale(identifier: "ar_SA"))

    static func product(
        _ id: String, _ name: String, _ price: String, type: Product.ProductType = .consumable,
        description: String = "", style: Decimal.FormatStyle.Currency = gbp, subscription: Product.SubscriptionInfo? = nil
    ) -> Product {
        Product(
            id: id, type: type, displayName: name, description: description,
            price: Decimal(string: price)!, priceFormatStyle: style, subscription: subscription
        )
    }

    // MARK: Tip jar and Backyard Birds

    static let smallTip = product("tip.small", "Small Tip", "0.99", description: "A seed or two for the birds, and a thank-you from us.")
    static let mediumTip = product("tip.medium", "Medium Tip", "2.99", description: "Keeps the feeders full for a week.")
    static let largeTip = product("tip.large", "Large Tip", "4.99", description: "A whole sack of sunflower hearts. The finches will sing your name.")
    static let pro = product(
        "pro.lifetime", "Backyard Birds Pro", "9.99", type: .nonConsumable,
        description: "Unlock every bird, every feeder and the seasonal guide, for good, on all your devices."
    )
    static let feeder = product("feeder.premium", "Premium Feeder", "4.99", type: .nonConsumable, description: "A squirrel-proof feeder with a copper roof.")
    static let pellets = product("nutrition.pellets", "Nutrition Pellets", "1.99", description: "High-energy pellets for cold mornings.")

    static let shop = [pro, feeder, pellets, smallTip, mediumTip, largeTip]

    // MARK: The Backyard Birds Pass subscription group

    static let groupID = "birdfood.pass"

    static func plan(
        _ id: String, _ name: String, _ price: String, level: Int, period: Product.SubscriptionPeriod,
        intro: (Product.SubscriptionOffer.PaymentMode, String, Product.SubscriptionPeriod, Int)? = nil,
        description: String = ""
    ) -> Product {
        let offer = intro.map { mode, price, period, count in
            Product.SubscriptionOffer(
                id: nil, type: .introductory, paymentMode: mode, period: period,
                periodCount: count, price: Decimal(string: price)!, priceFormatStyle: gbp
            )
        }
        let info = Product.SubscriptionInfo(subscriptionGroupID: groupID, groupLevel: level, subscriptionPeriod: period, introductoryOffer: offer)
        return product(id, name, price, type: .autoRenewable, description: description, subscription: info)
    }

    static let premiumMonthly = plan(
        "pass.premium.monthly", "Premium Monthly", "9.99", level: 1, period: .init(value: 1, unit: .month),
        intro: (.freeTrial, "0", .init(value: 1, unit: .week), 1),
        description: "Every seed mix, the members' feeder map and priority bird ID."
    )
    static let premiumYearly = plan(
        "pass.premium.yearly", "Premium Yearly", "99.99", level: 1, period: .init(value: 1, unit: .year),
        description: "Everything in Premium, two months free."
    )
    static let basicMonthly = plan(
        "pass.basic.monthly", "Basic Monthly", "4.99", level: 2, period: .init(value: 1, unit: .month),
        intro: (.payAsYouGo, "0.99", .init(value: 1, unit: .month), 3),
        description: "A new seed mix every month."
    )
    /// In the catalog's file order, not level order.
    static let plans = [basicMonthly, premiumYearly, premiumMonthly]

    // MARK: Storefronts beyond the UK

    static let japanese = [
        product("jp.seed", "鳥の餌", "480", description: "毎朝の小鳥のために。", style: jpy),
        product("jp.sunflower", "ひまわりの種", "1200", style: jpy),
        product("jp.feeder", "プレミアム・フィーダー", "12000", type: .nonConsumable, style: jpy),
    ]
    static let mixedScripts = [
        product("ru.seed", "Семена подсолнечника", "299", style: rub),
        product("ar.seed", "بذور عباد الشمس", "18.99", style: sar),
        product("de.seed", "Sonnenblumenkerne", "4.99", style: eur),
        product("jp.seed", "鳥の餌", "480", style: jpy),
    ]

    // MARK: Time

    static let utc = TimeZone(identifier: "UTC")!

    static func date(_ year: Int, _ month: Int, _ day: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }

    static let now = date(2026, 11, 12)
    static let renewal = date(2026, 12, 12)

    static func context(
        pending: Product.ID? = nil, owned: Set<Product.ID> = [], counts: [Product.ID: Int] = [:],
        awaiting: Set<Product.ID> = [], options: RenderOptions = RenderOptions(), isPresented: Bool = false,
        policies: PolicyLinks = PolicyLinks()
    ) -> StoreContext {
        StoreContext(
            pendingProductID: pending, awaitingApproval: awaiting, purchasedProductIDs: owned,
            consumableCounts: counts, elapsed: .milliseconds(240), now: now, timeZone: utc,
            options: options, isPresented: isPresented, policies: policies
        )
    }

    static let policies = PolicyLinks(
        termsOfService: URL(string: "https://backyardbirds.example/terms"),
        privacyPolicy: URL(string: "https://backyardbirds.example/privacy")
    )
}

/// A load error with a message a user would read.
struct NetworkDown: LocalizedError {
    var errorDescription: String? { "The store could not be reached." }
}
