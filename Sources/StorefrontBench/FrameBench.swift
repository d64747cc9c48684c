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

    /// Times the top and the scrolled frame for every size in `productCounts`. The sizes
    /// take turns, one frame each per round, so a noisy moment on a shared machine falls on
    /// all of them alike and their ratio stays fair.
    mutating func run(productCounts: [Int], catalogs: GeneratedCatalogs) async throws -> [Int: (top: Case, scrolled: Case)] {
        var frames: [(count: Int, draw: [() -> Int])] = []
        for count in productCounts {
            frames.append((count, try await prepare(productCount: count, catalogs: catalogs)))
        }
        let bodies = frames.flatMap(\.draw)
        var sum = 0
        for body in bodies {
            for _ in 0..<max(3, repetitions / 10) { sum &+= body() }
        }
        let clock = ContinuousClock()
        var values = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<repetitions {
            for (index, body) in bodies.enumerated() {
                values[index].append(clock.measure { sum &+= body() }.milliseconds)
            }
        }
        checksum &+= sum
        var results: [Int: (top: Case, scrolled: Case)] = [:]
        for (offset, frame) in frames.enumerated() {
            let samples = values[(offset * 4)..<(offset * 4 + 4)].map(Samples.init)
            results[frame.count] = (Case(app: samples[0], widget: samples[1]), Case(app: samples[2], widget: samples[3]))
        }
        return results
    }

    /// The four frames timed for `productCount` products: the app and the widget alone, at the
    /// top and scrolled. Each returns a byte of what it drew, so none can be optimised away.
    private func prepare(productCount: Int, catalogs: GeneratedCatalogs) async throws -> [() -> Int] {
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
        let topList = top.shopLists[shop.id] ?? StoreListState()
        return [
            Self.appFrame(top), Self.widgetFrame(view, content, topList, top, body),
            Self.appFrame(scrolled), Self.widgetFrame(view, content, list, scrolled, body),
        ]
    }

    private static func appFrame(_ state: AppState) -> () -> Int {
        {
            let frame = AppFrame(state: state)
            return frame.buffer.cells[(frame.cursor?.y ?? 0) * frame.buffer.width + 4].symbol.utf8.count
        }
    }

    private static func widgetFrame(_ view: StoreView, _ content: StoreViewContent, _ list: StoreListState, _ state: AppState, _ body: Rect) -> () -> Int {
        let context = state.storeContext
        return {
            var buffer = Buffer(width: size.width, height: size.height)
            view.render(content, state: list, context: context, in: body, into: &buffer)
            return buffer.cells[body.y * buffer.width + 4].symbol.utf8.count
        }
    }
}
