import Foundation
import StorefrontModel
import Synchronization
import Testing
import TerminalUI

@Suite("StoreView screens")
struct StoreViewTests {
    let shop = StoreView(ids: Fixtures.shop.map(\.id)).storeButton(.visible, for: .restorePurchases)

    func render(
        _ view: StoreView, _ state: Product.CollectionTaskState, list: StoreListState = StoreListState(),
        context: StoreContext = Fixtures.context(), size: (Int, Int) = (80, 24), filter: String? = nil
    ) -> Buffer {
        let content = view.content(for: state, filter: filter ?? list.filterText)
        return screen(width: size.0, height: size.1, options: context.options) { area, buffer in
            view.render(content, state: list, context: context, in: area, into: &buffer)
        }
    }

    @Test("A loaded shop at each size: rows, prices in one column, position and buttons", arguments: screenSizes)
    func loaded(size: (Int, Int)) {
        let buffer = render(shop, .success(Fixtures.shop, unavailable: []), size: size)
        assertScreen(buffer, named: "\(size.0)x\(size.1)")
    }

    @Test("While loading, each row it knows turns its own spinner where the price goes", arguments: screenSizes)
    func loading(size: (Int, Int)) {
        let titled = shop.placeholderTitles([shop.productIDs[0]: "First of the shop"])
        let buffer = render(titled, .loading, size: size)
        assertScreen(buffer, named: "\(size.0)x\(size.1)")
        #expect(row(containing: "Loading products", in: buffer) == nil)
        let first = row(containing: "First of the shop", in: buffer).map { buffer.textLines()[$0] } ?? ""
        #expect(!first.contains("Buy") && !first.contains("$") && !first.contains("£"), "\(first)")
        #expect(row(containing: shop.productIDs[1], in: buffer) != nil, "without a title, a row shows its ID")
    }

    @Test("A loading row is named by its given title first, then by the lookup (a catalog's names), then by its ID")
    func placeholderTitlesLookUp() {
        let asked = Mutex<[Product.ID]>([])
        let second = shop.productIDs[1]
        let titles = PlaceholderTitles([shop.productIDs[0]: "Given"]) { id in
            asked.withLock { $0.append(id) }
            return id == second ? "Looked up" : nil
        }
        let buffer = render(shop.placeholderTitles(titles), .loading)
        #expect(row(containing: "Given", in: buffer) != nil)
        #expect(row(containing: "Looked up", in: buffer) != nil)
        #expect(row(containing: shop.productIDs[2], in: buffer) != nil)
        #expect(!asked.withLock { $0 }.contains(shop.productIDs[0]), "a given title is not looked up")
    }

    @Test("With nothing known in advance, one spinner for the whole list")
    func loadingUnknown() {
        let buffer = render(StoreView(ids: []), .loading)
        #expect(row(containing: "Loading products", in: buffer) != nil)
    }

    @Test("A failed load keeps the rows in place, each with r to retry, and says why once")
    func failure() {
        let buffer = render(shop, .failure(NetworkDown()))
        assertScreen(buffer, named: "80x24")
        #expect(row(containing: "Couldn't load: The store could not be reached.", in: buffer) != nil)
        // Each row the view names keeps its place, with its own way back.
        #expect(row(containing: "tip.small", in: buffer).map { buffer.textLines()[$0].contains("r to retry") } == true)
    }

    @Test("A load that found nothing: every row named is there, marked unavailable; nothing named, nothing for sale")
    func empty() {
        let buffer = render(shop, .success([], unavailable: ["tip.small", "tip.large"]))
        assertScreen(buffer, named: "80x24")
        #expect(row(containing: "tip.small", in: buffer).map { buffer.textLines()[$0].contains("Unavailable") } == true)
        #expect(row(containing: "tip.large", in: buffer) != nil)
        let nothing = render(StoreView(ids: []), .success([], unavailable: []))
        #expect(row(containing: "Nothing for sale here yet.", in: nothing) != nil)
    }

    @Test("An unavailable product keeps its place with a warning and why, and no Buy")
    func someUnavailable() {
        let named = shop.placeholderTitles(["feeder.premium": "Premium Feeder"])
        let buffer = render(named, .success([Fixtures.pro, Fixtures.smallTip], unavailable: ["feeder.premium"]), size: (40, 12))
        assertScreen(buffer, named: "40x12")
        let line = row(containing: "Premium Feeder", in: buffer).map { buffer.textLines()[$0] } ?? ""
        #expect(line.contains("⚠") && line.contains("Unavailable") && !line.contains("Buy"), "\(line)")
        #expect(row(containing: "1 product is not", in: buffer) == nil)
    }

    @Test("While a purchase runs its row spins instead of a price and every other Buy dims")
    func pending() {
        let context = Fixtures.context(pending: Fixtures.pellets.id)
        let view = shop.productViewStyle(.compact)
        let buffer = render(view, .success(Fixtures.shop, unavailable: []), list: StoreListState(selectedIndex: 2), context: context)
        assertScreen(buffer, named: "80x24")
        let pelletsRow = row(containing: "Nutrition Pellets", in: buffer)!
        #expect(!buffer.textLines()[pelletsRow].contains("£1.99"))
        let tipRow = row(containing: "Small Tip", in: buffer)!
        let buyX = column(of: "Buy", inRow: tipRow, of: buffer)!
        #expect(buffer.cell(x: buyX, y: tipRow)?.style.modifiers.contains(.dim) == true)
    }

    @Test("Owned products say Owned and offer no Buy; consumables show how many were bought")
    func ownedAndCounts() {
        let context = Fixtures.context(owned: [Fixtures.pro.id], counts: [Fixtures.smallTip.id: 3])
        let buffer = render(shop.productViewStyle(.compact), .success(Fixtures.shop, unavailable: []), context: context)
        assertScreen(buffer, named: "80x24")
        let proRow = row(containing: "Backyard Birds Pro", in: buffer)!
        #expect(buffer.textLines()[proRow].contains("Owned"))
        #expect(!buffer.textLines()[proRow].contains("Buy"))
        #expect(row(containing: "Small Tip ×3", in: buffer) != nil)
    }

    @Test("A purchase waiting for approval says Waiting instead of its price")
    func awaitingApproval() {
        let context = Fixtures.context(awaiting: [Fixtures.feeder.id])
        let buffer = render(shop.productViewStyle(.compact), .success(Fixtures.shop, unavailable: []), context: context, size: (40, 12))
        let feederRow = row(containing: "Premium Feeder", in: buffer)!
        #expect(buffer.textLines()[feederRow].contains("Waiting"))
        #expect(!buffer.textLines()[feederRow].contains("Buy"))
    }

    @Test("Typing a filter narrows the rows; the filter line shows what was typed")
    func filtering() {
        let list = StoreListState(filterText: "tip", focus: .filter)
        let buffer = render(shop, .success(Fixtures.shop, unavailable: []), list: list)
        assertScreen(buffer, named: "80x24")
        #expect(row(containing: "/tip", in: buffer) != nil)
        #expect(row(containing: "1/3", in: buffer) != nil)
        #expect(row(containing: "Backyard Birds Pro", in: buffer) == nil)
    }

    @Test("A filter that matches nothing says so")
    func filterMatchesNothing() {
        let list = StoreListState(filterText: "owl", focus: .filter)
        let buffer = render(shop, .success(Fixtures.shop, unavailable: []), list: list, size: (40, 12))
        #expect(row(containing: "No products match “owl”.", in: buffer) != nil)
    }

    @Test("A long list scrolls: the selected row is on screen with its position and a scrollbar")
    func scrolled() {
        let many = (1...40).map { Fixtures.product("seed.\($0)", "Seed Mix No. \($0)", "\($0).49") }
        let view = StoreView(products: many).productViewStyle(.compact)
        let content = view.content(for: view.initialProducts)
        let area = Rect(x: 0, y: 1, width: 80, height: 22)
        var list = StoreListState()
        list.select(30, in: content, layout: view.layout(in: area, content: content, context: Fixtures.context()))
        let buffer = screen(width: 80, height: 24) { area, buffer in
            view.render(content, state: list, context: Fixtures.context(), in: area, into: &buffer)
        }
        assertScreen(buffer, named: "80x24")
        #expect(row(containing: "Seed Mix No. 31", in: buffer) != nil)
        #expect(row(containing: "31/40", in: buffer) != nil)
        #expect(buffer.textLines().contains { $0.hasSuffix("█") })
    }

    @Test("Each product view style in a store", arguments: [ProductViewStyle.compact, .regular, .large])
    func styles(style: ProductViewStyle) {
        let buffer = render(shop.productViewStyle(style), .success(Fixtures.shop, unavailable: []), list: StoreListState(selectedIndex: 1))
        assertScreen(buffer, named: "\(style)")
    }

    @Test("ASCII and no-colour terminals get the same layout with ASCII symbols and no colours")
    func asciiNoColour() {
        let options = RenderOptions(ascii: true, color: false)
        let context = Fixtures.context(pending: Fixtures.smallTip.id, owned: [Fixtures.pro.id], options: options)
        let buffer = render(shop.productViewStyle(.compact), .success(Fixtures.shop, unavailable: []), context: context)
        assertScreen(buffer, named: "80x24")
        #expect(buffer.textLines().allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) || $0.contains("£") })
        #expect(!buffer.styleRuns().contains { $0.contains("fg=") || $0.contains("bg=") })
    }

    @Test("Close shows when the store is presented; the focused button is reversed")
    func presented() {
        let context = Fixtures.context(isPresented: true)
        let list = StoreListState(focus: .button(.close))
        let buffer = render(shop.productViewStyle(.compact), .success(Fixtures.shop, unavailable: []), list: list, context: context, size: (40, 12))
        assertScreen(buffer, named: "40x12")
        let barRow = row(containing: "Close", in: buffer)!
        let closeX = column(of: "Close", inRow: barRow, of: buffer)!
        #expect(buffer.cell(x: closeX, y: barRow)?.style.modifiers.contains(.reverse) == true)
    }
}
