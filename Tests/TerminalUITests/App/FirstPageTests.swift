import Foundation
import StorefrontModel
import Testing
@testable import TerminalUI

/// A product list of more than five pages loads its first page before the rest, so the list
/// shows, and can be browsed, while the store answers for the rest.
@Suite("A long list's first page")
struct FirstPageTests {
    static let products = (1...1_001).map { Fixtures.product("item.\($0)", "Item \($0)", "0.99") }
    static let long = StoreLayout.Shop(id: "long", title: "Everything", kind: .store, productIDs: products.map(\.id))
    static let firstIDs = products.prefix(AppState.firstPageSize).map(\.id)
    static let pageSlot = AppState.firstPageSlot(of: long)

    func opened() -> (AppState, [AppEffect]) {
        var state = AppState(layout: StoreLayout(title: "Generated", shops: [Self.long]), size: TerminalSize(width: 80, height: 24))
        let effects = state.update(.key(.enter))
        return (state, effects)
    }

    func rows(_ state: AppState) -> StoreViewContent? {
        guard case .store(let view)? = state.views[Self.long.id] else { return nil }
        return state.storeContent(for: Self.long, view: view)
    }

    @Test("Opening asks for the first page only; its answer asks for the whole list, once")
    func loadsInTwoSteps() {
        var (state, effects) = opened()
        #expect(effects == [.loadProducts(Self.firstIDs, slot: Self.pageSlot)])
        let page = AppMessage.productsLoaded(slot: Self.pageSlot, .success(Array(Self.products.prefix(AppState.firstPageSize)), unavailable: []))
        #expect(state.update(page) == [.loadProducts(Self.long.productIDs, slot: Self.long.slot)])
        #expect(state.update(page) == [])
        #expect(state.update(.productsLoaded(slot: Self.long.slot, .loading)) == [])
    }

    @Test("The first page shows loaded, with a loading row for every product after it, until the list answers")
    func showsTheFirstPage() throws {
        var (state, _) = opened()
        let loadingRows = try #require(rows(state))
        guard case .loading = loadingRows.phase else { Issue.record("expected loading, got \(loadingRows.phase)"); return }

        let page = Array(Self.products.prefix(AppState.firstPageSize))
        state.update(.productsLoaded(slot: Self.pageSlot, .success(Array(page.dropLast()), unavailable: [page[page.count - 1].id])))
        state.update(.productsLoaded(slot: Self.long.slot, .loading))
        let partial = try #require(rows(state))
        guard case .loaded = partial.phase else { Issue.record("expected loaded, got \(partial.phase)"); return }
        #expect(partial.rows.count == Self.products.count)
        #expect(partial.rows[0].product == Self.products[0])
        if case .unavailable(let id) = partial.rows[AppState.firstPageSize - 1] { #expect(id == page[page.count - 1].id) } else { Issue.record("expected unavailable") }
        if case .loading(let id) = partial.rows[AppState.firstPageSize] { #expect(id == Self.products[AppState.firstPageSize].id) } else { Issue.record("expected loading") }

        state.update(.productsLoaded(slot: Self.long.slot, .success(Self.products, unavailable: [])))
        let whole = try #require(rows(state))
        #expect(whole.rows.compactMap(\.product) == Self.products)
    }

    @Test("A first page that fails to load fails the list, and r loads the whole list")
    func failedFirstPage() {
        var (state, _) = opened()
        state.update(.productsLoaded(slot: Self.pageSlot, .failure(StoreKitError.networkError(URLError(.notConnectedToInternet)))))
        guard case .failure = state.products(of: Self.long) else { Issue.record("expected a failure"); return }
        #expect(state.update(.key(.char("r"))) == [.loadProducts(Self.long.productIDs, slot: Self.long.slot)])
    }

    @Test("A short list, or one sorted by price, loads whole", arguments: [
        StoreLayout.Shop(id: "short", title: "Short", kind: .store, productIDs: Array(products.prefix(5 * AppState.firstPageSize).map(\.id))),
        StoreLayout.Shop(id: "sorted", title: "Sorted", kind: .store, productIDs: products.map(\.id), sortByPrice: true),
    ])
    func loadsWhole(shop: StoreLayout.Shop) {
        var state = AppState(layout: StoreLayout(title: "Generated", shops: [shop]), size: TerminalSize(width: 80, height: 24))
        #expect(state.update(.key(.enter)) == [.loadProducts(shop.productIDs, slot: shop.slot)])
    }
}
