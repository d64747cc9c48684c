import CatalogLayouts
import StoreCatalog
import StorefrontModel
import TerminalUI

/// The scripted session of figures 2 and 3, as the frames the app shows at 80x24: open
/// the consumables shop of a generated catalog (the layout `storefront run --catalog`
/// derives), 100 moves down its list, a purchase with its spinner (800 ms of latency on
/// every store call, ticking every 50 ms like the run loop, until the thank-you alert),
/// the alert dismissed, then an idle second of ticks.
///
/// Recorded on the headless app's virtual clock, so every run shows the same frames and
/// the diffed and the naive backend draw exactly the same ones.
struct TerminalScenario {
    enum Phase: String, CaseIterable {
        case open, move, purchase, idle
    }

    struct Step {
        let phase: Phase
        let buffer: Buffer
        let cursor: Position?
    }

    static let size = TerminalSize(width: 80, height: 24)
    static let moves = 100
    static let tick: Duration = .milliseconds(50)
    static let storeLatency: Duration = .milliseconds(800)

    let steps: [Step]

    /// The same frames with every cell's style changed by `transform`: what the bytes would
    /// be if the widgets drew with another style (the selection, say).
    func restyled(_ transform: (Style) -> Style) -> TerminalScenario {
        TerminalScenario(steps: steps.map { step in
            var buffer = Buffer(width: step.buffer.width, height: step.buffer.height)
            for y in 0..<buffer.height {
                for x in 0..<buffer.width {
                    let cell = step.buffer.cells[y * buffer.width + x]
                    if !cell.isContinuation {
                        buffer.write(cell.symbol, x: x, y: y, style: transform(cell.style))
                    }
                }
            }
            return Step(phase: step.phase, buffer: buffer, cursor: step.cursor)
        })
    }

    static func record(catalog: Catalog) async throws -> TerminalScenario {
        let clock = VirtualClock()
        let layout = StoreLayout(catalog: catalog, title: "Generated")
        guard let shopIndex = layout.shops.firstIndex(where: { $0.id == "consumables" }) else {
            throw BenchError("scenario: the generated catalog has no consumables shop")
        }
        let store = try AppFixture.store(catalog, clock: clock, latency: .fixed(storeLatency))
        let app = await HeadlessApp(size: size, backend: store, layout: layout, clock: clock)
        var recorder = Recorder(app: app)

        await recorder.frame(.open)
        for _ in 0..<shopIndex { await recorder.press(.down, .open) }
        await recorder.press(.enter, .open)
        await recorder.ticks(for: storeLatency + .milliseconds(200), .open)
        guard case .success(let products, _)? = await app.state.store.products[layout.shops[shopIndex].slot],
              products.count > moves
        else { throw BenchError("scenario: the consumables list did not load with more than \(moves) products") }

        for _ in 0..<moves { await recorder.press(.down, .move) }

        await recorder.press(.enter, .purchase)        // Buy: the confirmation sheet
        await recorder.press(.char("y"), .purchase)    // confirm: the spinner turns
        // The purchase makes several store calls, each taking the latency.
        while await app.state.alerts.isEmpty {
            guard recorder.steps.count < 1_000 else { throw BenchError("scenario: the purchase showed no result") }
            await recorder.ticks(for: tick, .purchase)
        }
        await recorder.press(.enter, .purchase)        // dismiss the thank-you alert

        await recorder.ticks(for: .seconds(1), .idle)
        return TerminalScenario(steps: recorder.steps)
    }

    /// Frames as the run loop would draw them: after each key and each tick.
    private struct Recorder {
        let app: HeadlessApp
        var steps: [Step] = []

        mutating func frame(_ phase: Phase) async {
            let frame = await app.frame()
            steps.append(Step(phase: phase, buffer: frame.buffer, cursor: frame.cursor))
        }

        mutating func press(_ key: Key, _ phase: Phase) async {
            await app.press(key)
            await frame(phase)
        }

        mutating func ticks(for duration: Duration, _ phase: Phase) async {
            for _ in 0..<Int(duration / TerminalScenario.tick) {
                await app.wait(TerminalScenario.tick)
                await frame(phase)
            }
        }
    }
}
