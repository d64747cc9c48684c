import Foundation
import StorefrontModel
import Testing
import TerminalUI

@Suite("ProductView states and styles")
struct ProductViewTests {
    static let states: [(String, Product.TaskState)] = [
        ("loading", .loading),
        ("unavailable", .unavailable),
        ("failure", .failure(NetworkDown())),
        ("loaded", .success(Fixtures.pro)),
    ]

    @Test("Every state in every style", arguments: [ProductViewStyle.compact, .regular, .large])
    func states(style: ProductViewStyle) {
        let view = ProductView(id: Fixtures.pro.id).productViewStyle(style)
        var buffer = Buffer(width: 60, height: Self.states.count * (style.height + 1))
        for (index, (_, state)) in Self.states.enumerated() {
            let area = Rect(x: 0, y: index * (style.height + 1), width: 60, height: view.height(forWidth: 60))
            view.render(state, isSelected: index == 3, context: Fixtures.context(), in: area, into: &buffer)
        }
        assertScreen(buffer, named: "\(style)")
    }

    @Test("Unavailable says so with a warning; a failure gives the reason and how to retry")
    func messages() {
        let view = ProductView(id: "pro.lifetime").productViewStyle(.compact)
        var buffer = Buffer(width: 80, height: 2)
        view.render(.unavailable, context: Fixtures.context(), in: Rect(x: 0, y: 0, width: 80, height: 1), into: &buffer)
        view.render(.failure(NetworkDown()), context: Fixtures.context(), in: Rect(x: 0, y: 1, width: 80, height: 1), into: &buffer)
        #expect(buffer.textLines()[0].hasPrefix(" ⚠ pro.lifetime is not available in this storefront"))
        #expect(buffer.textLines()[1].contains("Couldn't load pro.lifetime: The store could not be reached."))
        #expect(buffer.textLines()[1].hasSuffix("r to retry "))
    }

    @Test("Compact is one line: glyph, name, price, Buy")
    func compactLine() {
        let view = ProductView(Fixtures.largeTip).productViewStyle(.compact)
        var buffer = Buffer(width: 40, height: 1)
        view.render(view.initialState, context: Fixtures.context(), in: buffer.area, into: &buffer)
        #expect(buffer.textLines() == [" • Large Tip                 £4.99  Buy "])
    }

    @Test("A large subscription card shows the intro offer only to eligible customers")
    func largeOfferTerms() {
        var ineligible = Fixtures.premiumMonthly
        ineligible.subscription?.isEligibleForIntroOffer = false
        var buffer = Buffer(width: 60, height: 14)
        let view = ProductView(id: Fixtures.premiumMonthly.id).productViewStyle(.large)
        view.render(.success(Fixtures.premiumMonthly), context: Fixtures.context(), in: Rect(x: 0, y: 0, width: 60, height: 7), into: &buffer)
        view.render(.success(ineligible), context: Fixtures.context(), in: Rect(x: 0, y: 7, width: 60, height: 7), into: &buffer)
        assertScreen(buffer, named: "60x14")
        #expect(buffer.textLines()[5].contains("1 week free, then £9.99/month"))
        #expect(buffer.textLines()[12].contains("Renews at £9.99/month"))
    }

    @Test("automatic is regular where there is room and compact where there is not")
    func automaticStyle() {
        #expect(ProductView(id: "x").height(forWidth: 80) == 4)
        #expect(ProductView(id: "x").height(forWidth: 40) == 1)
    }
}
