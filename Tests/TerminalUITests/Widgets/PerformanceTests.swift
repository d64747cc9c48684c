import Foundation
import StorefrontModel
import Testing
import TerminalUI

@Suite("Rendering cost follows the rows on screen, not the catalog")
struct PerformanceTests {
    static func catalog(_ count: Int) -> [Product] {
        (0..<count).map { Fixtures.product("seed.\($0)", "Seed Mix No. \($0)", "\($0 % 500).99", description: "Mix number \($0).") }
    }

    /// The fastest of several renders of a 200x50 frame, in a reused buffer.
    func fastestRender(of content: StoreViewContent, view: StoreView, selected: Int) -> Duration {
        var buffer = Buffer(width: 200, height: 50)
        let context = Fixtures.context(pending: "seed.3")
        let layout = view.layout(in: buffer.area, content: content, context: context)
        var state = StoreListState()
        state.select(selected, in: content, layout: layout)
        let clock = ContinuousClock()
        return (0..<15).map { _ in
            clock.measure { view.render(content, state: state, context: context, in: buffer.area, into: &buffer) }
        }.min()!
    }

    @Test("100,000 products render a 200x50 frame about as fast as 100 do", arguments: [ProductViewStyle.compact, .regular])
    func manyProducts(style: ProductViewStyle) {
        let view = StoreView(ids: [], order: .priceAscending).productViewStyle(style)
        let small = view.content(for: .success(Self.catalog(100), unavailable: []))
        let large = view.content(for: .success(Self.catalog(100_000), unavailable: []))
        let smallTime = fastestRender(of: small, view: view, selected: 60)
        let largeTime = fastestRender(of: large, view: view, selected: 60_000)
        // Same rows on screen, so nearly the same time; a render that walked the list
        // would take hundreds of times longer.
        #expect(largeTime < smallTime * 3 + .milliseconds(1))
        // Debug builds are several times slower than release; 1 ms there is well under it in release.
        #expect(largeTime < .milliseconds(5))
    }
}
