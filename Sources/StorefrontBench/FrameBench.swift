import StoreCatalog
import TerminalUI

/// Figure 1, frame cost: the app's frame (`AppFrame(state:)`, what `StoreApp.render()`
/// returns each tick) with the product list of N generated products open, in a 200x50
/// buffer like ratatui's list benchmark: at the top, and scrolled to the middle with the
/// middle product selected. The widget alone (`StoreView.render` with its content worked
/// out beforehand) is timed too, to tell the list's cost from the app's.
struct FrameBench {
    static let catalogSizes = [64, 2_048, 16_384, 100_000]
    static let size = TerminalSize(width: 200, height: 50)

    struct Case {
        let app: Samples
        let widget: Samples
    }

    let repetitions: Int
    /// Folded from every frame drawn, and printed, so no frame can be optimised away.
    private(set) var checksum = 0

    init(repetitions: Int) {
        self.repetitions = repetitions
    }

    /// Times the top and the scrolled frame for `productCount` products.
    mutating func run(productCount: Int, catalogs: GeneratedCatalogs) async throws -> (top: Case, scrolled: Case) {
        let app = try await AppFixture.openShop(try catalogs.catalog(productCount: productCount), size: Self.size)
        let top = await app.state
        guard let shop = top.currentShop, case .store(let view)? = top.views[shop.id],
              let content = top.storeContent(for: shop), content.products.count == productCount
        else { throw BenchError("frame bench: the list of \(productCount) products did not open") }

        // The middle product selected and scrolled into view, as the Down key would leave it.
        let body = Rect(x: 0, y: 1, width: Self.size.width, height: Self.size.height - 2)
        var list = top.shopLists[shop.id] ?? StoreListState()
        list.select(productCount / 2, in: content, layout: view.layout(in: body, content: content, context: top.storeContext))
        var scrolled = top
        scrolled.shopLists[shop.id] = list
        let position = "\(productCount / 2 + 1)/\(productCount)"
        guard AppFrame(state: scrolled).buffer.textLines().contains(where: { $0.contains(position) }) else {
            throw BenchError("frame bench: the scrolled frame does not show \(position)")
        }
        return (
            Case(app: appFrames(top), widget: widgetFrames(view, content, top.shopLists[shop.id] ?? StoreListState(), top, body)),
            Case(app: appFrames(scrolled), widget: widgetFrames(view, content, list, scrolled, body))
        )
    }

    private mutating func appFrames(_ state: AppState) -> Samples {
        var sum = 0
        let samples = timed(repetitions: repetitions, warmUp: max(3, repetitions / 10)) {
            let frame = AppFrame(state: state)
            sum &+= frame.buffer.cells[(frame.cursor?.y ?? 0) * frame.buffer.width + 4].symbol.utf8.count
        }
        checksum &+= sum
        return samples
    }

    private mutating func widgetFrames(_ view: StoreView, _ content: StoreViewContent, _ list: StoreListState, _ state: AppState, _ body: Rect) -> Samples {
        var sum = 0
        let context = state.storeContext
        let samples = timed(repetitions: repetitions, warmUp: max(3, repetitions / 10)) {
            var buffer = Buffer(width: Self.size.width, height: Self.size.height)
            view.render(content, state: list, context: context, in: body, into: &buffer)
            sum &+= buffer.cells[body.y * buffer.width + 4].symbol.utf8.count
        }
        checksum &+= sum
        return samples
    }
}
