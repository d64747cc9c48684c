import Foundation
import StorefrontModel
import Testing
import TerminalUI

@Suite("Names and prices in other scripts line up by display width")
struct InternationalTests {
    func render(_ products: [Product], style: ProductViewStyle, size: (Int, Int)) -> Buffer {
        let view = StoreView(products: products).productViewStyle(style)
        let content = view.content(for: view.initialProducts)
        return screen(width: size.0, height: size.1, title: "国際ストア") { area, buffer in
            view.render(content, state: StoreListState(), context: Fixtures.context(), in: area, into: &buffer)
        }
    }

    /// Rows of `products` in `buffer`, found by the start of their names (narrow screens cut the rest).
    func rows(of products: [Product], in buffer: Buffer) -> [Int] {
        products.map { product in row(containing: String(product.displayName.prefix(3)), in: buffer)! }
    }

    @Test("Japanese names and yen prices: prices end in one column, Buy starts in one column", arguments: screenSizes)
    func japanese(size: (Int, Int)) {
        let buffer = render(Fixtures.japanese, style: .compact, size: size)
        assertScreen(buffer, named: "\(size.0)x\(size.1)")
        let rows = rows(of: Fixtures.japanese, in: buffer)
        let priceEnds = zip(Fixtures.japanese, rows).map { endColumn(of: $0.displayPrice, inRow: $1, of: buffer) }
        let buys = rows.map { column(of: "Buy", inRow: $0, of: buffer) }
        #expect(Set(priceEnds).count == 1 && priceEnds[0] != nil)
        #expect(Set(buys).count == 1 && buys[0] != nil)
        #expect(buffer.textLines().allSatisfy { displayWidth(of: $0) == size.0 })
    }

    @Test("Russian, Arabic, German (no-break space) and Japanese rows share the price column")
    func mixedScripts() {
        for size in [(80, 24), (40, 12)] {
            let buffer = render(Fixtures.mixedScripts, style: .compact, size: size)
            assertScreen(buffer, named: "\(size.0)x\(size.1)")
            let rows = rows(of: Fixtures.mixedScripts, in: buffer)
            let priceEnds = zip(Fixtures.mixedScripts, rows).map { endColumn(of: $0.displayPrice, inRow: $1, of: buffer) }
            let names = zip(Fixtures.mixedScripts, rows).map { column(of: String($0.displayName.prefix(3)), inRow: $1, of: buffer) }
            #expect(priceEnds.allSatisfy { $0 != nil && $0 == priceEnds[0] })
            #expect(names.allSatisfy { $0 == 3 })
        }
    }

    @Test("A full-width yen in a name takes two columns and keeps the price column in place")
    func fullWidthYen() {
        let coupon = Fixtures.product("jp.coupon", "￥100クーポン", "100", style: Fixtures.jpy)
        let products = [coupon] + Fixtures.japanese
        let buffer = render(products, style: .regular, size: (80, 24))
        let rows = rows(of: products, in: buffer)
        let priceEnds = zip(products, rows).map { endColumn(of: $0.displayPrice, inRow: $1, of: buffer) }
        #expect(priceEnds.allSatisfy { $0 != nil && $0 == priceEnds[0] })
        #expect(buffer.textLines().allSatisfy { displayWidth(of: $0) == 80 })
    }

    @Test("A long Japanese name is cut at a character boundary with an ellipsis")
    func longName() {
        let long = Fixtures.product("jp.long", "とても長い名前の特別なプレミアム・バードフィーダー・セット", "9800", style: Fixtures.jpy)
        let buffer = render([long], style: .compact, size: (40, 12))
        let line = buffer.textLines()[row(containing: "とても", in: buffer)!]
        #expect(line.contains("…"))
        #expect(line.contains("¥9,800"))
        #expect(displayWidth(of: line) == 40)
    }
}
