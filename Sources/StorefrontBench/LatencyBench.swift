import CatalogLayouts
import CursesBackend
import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import TerminalUI

/// Figure 3, input to screen: the `storefront run` loop (tick, render, draw when the
/// frame changed, read a key, send it) driven over a pseudo-terminal on the real clock,
/// with the store's latency at 0 (`--latency 0`). Each key's time runs from writing its
/// bytes to the controller side, as a terminal emulator does, until the first
/// `draw` after the app took it returns (its `doupdate` is done).
///
/// The script: open the consumables shop, 100 moves down and 20 up, then three
/// purchases, each Buy, confirm and dismissing the thank-you alert.
@MainActor
struct LatencyBench {
    private let pty: PseudoTerminal
    private let terminal: CursesTerminal
    private let app: StoreApp
    private var shown: AppFrame?
    private let clock = ContinuousClock()

    /// Per key: the whole time, and the part until `readKey` returned it (the pseudo-terminal
    /// and ncurses' input; the rest is the app and the drawing).
    struct Result {
        let keyToScreen: Samples
        let keyArrival: Samples
        /// The slowest keys, slowest first: what the key did and its whole time.
        let slowest: [(step: String, milliseconds: Double)]
    }

    /// One key of the script: what it does there, and its times.
    private struct Timing {
        let step: String
        let total: Double
        let arrival: Double
    }

    /// Runs the script `rounds` times, each on a fresh app and terminal; one sample per key.
    static func run(catalog: Catalog, rounds: Int) async throws -> Result {
        var latencies: [Timing] = []
        for _ in 0..<rounds {
            var bench = try LatencyBench(catalog: catalog)
            latencies += try await bench.script(catalog: catalog)
        }
        return Result(
            keyToScreen: Samples(latencies.map(\.total)), keyArrival: Samples(latencies.map(\.arrival)),
            slowest: latencies.sorted { $0.total > $1.total }.prefix(5).map { ($0.step, $0.total) }
        )
    }

    private init(catalog: Catalog) throws {
        pty = try PseudoTerminal(width: TerminalScenario.size.width, height: TerminalScenario.size.height)
        terminal = try CursesTerminal(options: .init(
            input: pty.device, output: pty.device, terminalType: "xterm-256color",
            color: true, mouse: true, handlesSignals: false
        ))
        let store = LocalStore(catalog: catalog, ledger: try Ledger(location: .inMemory), controls: {
            var controls = StoreControls(settings: catalog.settings)
            controls.latency = .none
            return controls
        }())
        app = StoreApp(
            backend: store, layout: StoreLayout(catalog: catalog, title: "Generated"),
            size: TerminalSize(width: terminal.area.width, height: terminal.area.height),
            clock: ContinuousClock(), epoch: Date()
        )
    }

    private mutating func script(catalog: Catalog) async throws -> [Timing] {
        defer { terminal.stop() }
        await app.start()
        try await idle()
        let layout = StoreLayout(catalog: catalog, title: "Generated")
        guard let shopIndex = layout.shops.firstIndex(where: { $0.id == "consumables" }) else {
            throw BenchError("latency: the generated catalog has no consumables shop")
        }
        var latencies: [Timing] = []
        func press(_ bytes: String, _ count: Int = 1, _ step: String) async throws {
            for _ in 0..<count {
                let (total, arrival) = try await keyToScreen(bytes)
                latencies.append(Timing(step: step, total: total, arrival: arrival))
                try await idle()
            }
        }
        let down = "\u{1B}OB", up = "\u{1B}OA", enter = "\r"
        try await press(down, shopIndex, "down the store list")
        try await press(enter, 1, "open the shop")
        try await press(down, 100, "down the products")
        try await press(up, 20, "up the products")
        for _ in 0..<3 {
            try await press(enter, 1, "Buy")
            try await idle(until: { $0.confirmation != nil }, "the confirmation sheet")
            try await press("y", 1, "confirm")
            try await idle(until: { !$0.alerts.isEmpty }, "the purchase result")
            try await press(enter, 1, "dismiss the thank-you")
        }
        return latencies
    }

    /// Types `bytes` and runs the loop until the app has taken the key and drawn (or found
    /// nothing to redraw): the milliseconds that took, and those until the key was read.
    private mutating func keyToScreen(_ bytes: String) async throws -> (total: Double, arrival: Double) {
        let start = clock.now
        pty.type(bytes)
        guard let key = try terminal.readKey(timeout: .seconds(1)) else {
            throw BenchError("latency: the key \(bytes.debugDescription) did not arrive")
        }
        let arrival = start.duration(to: clock.now).milliseconds
        await app.send(.key(key))
        await drawIfChanged()
        let total = start.duration(to: clock.now).milliseconds
        _ = pty.readOutput(quiet: .zero)
        return (total, arrival)
    }

    /// One pass of the run loop's drawing half.
    private mutating func drawIfChanged() async {
        await app.tick()
        let frame = await app.render()
        if frame.buffer != shown?.buffer || frame.cursor != shown?.cursor {
            terminal.draw(frame.buffer, cursor: frame.cursor)
            shown = frame
        }
    }

    /// Runs the loop with no keys until `condition` holds and the screen has stopped
    /// changing, as between a person's key presses.
    private mutating func idle(until condition: (AppState) -> Bool = { _ in true }, _ what: String = "") async throws {
        let deadline = clock.now.advanced(by: .seconds(10))
        var unchanged = 0
        while clock.now < deadline {
            let before = shown
            await drawIfChanged()
            unchanged = before?.buffer == shown?.buffer ? unchanged + 1 : 0
            if unchanged >= 3, condition(await app.state) { return }
            if try terminal.readKey(timeout: .milliseconds(5)) != nil {
                throw BenchError("latency: an unexpected key arrived")
            }
            _ = pty.readOutput(quiet: .zero)
        }
        throw BenchError("latency: gave up waiting for \(what.isEmpty ? "the screen to settle" : what)")
    }
}
