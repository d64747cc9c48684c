import CatalogLayouts
import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTestSupport
import TerminalUI
import Testing

/// Item 2: over 100,000 random keys (two seeds of 60,000 inputs, 94% of them keys) and resizes (1x1 to 300x100) into the headless app, over a
/// Backyard Birds store that is slow, fails at random and asks to buy. Nothing crashes, at most
/// one purchase is ever on its way, nothing is bought from a dimmed, unavailable or owned row,
/// and every frame fits its terminal.
///
/// Keys go straight to the app without waiting for it to settle, as a customer mashing keys
/// would send them; only the storm's pauses let the virtual clock (and so the store) move.
@Suite(.reliabilityRun) struct KeyStormTests {
    /// Inputs per seed; `RELIABILITY_STORM_INPUTS` changes it for a longer soak.
    static let inputCount = ProcessInfo.processInfo.environment["RELIABILITY_STORM_INPUTS"].flatMap(Int.init) ?? 60_000

    @Test(arguments: [UInt64(0x5707_3F20), 0xB1_4D5])
    func aStormOfKeysKeepsEveryPromise(seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        let catalog = try CatalogLoader.load(contentsOf: PackagePaths.catalog("BackyardBirds"))
        let layoutURL = PackagePaths.layouts.appendingPathComponent("BackyardBirds.json")
        let layout = try StoreLayout(json: Data(contentsOf: layoutURL), file: layoutURL.lastPathComponent, catalog: catalog)
        let clock = VirtualClock()
        var controls = StoreControls()
        controls.latency = .between(.milliseconds(50), .milliseconds(1_500))
        let store = LocalStore(
            catalog: catalog, ledger: try Ledger(location: .inMemory),
            clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch), controls: controls
        )
        let watch = PurchaseWatch(store)
        var size = TerminalSize(width: 80, height: 24)
        var app = await HeadlessApp(size: size, backend: watch, layout: layout, clock: clock)
        await watch.watch(app.storefront)
        var tally = Tally()

        var recent: [String] = []  // the last inputs, to say what led to a broken promise
        for step in 0..<Self.inputCount {
            let input = StormInput.random(within: size, using: &generator)
            recent = recent.suffix(29) + ["\(input)"]
            switch input {
            case .key(let key):
                await app.app.send(.key(key))
                tally.keys += 1
            case .resize(let width, let height):
                size = TerminalSize(width: width, height: height)
                await app.app.send(.key(.resize(width: width, height: height)))
                tally.resizes += 1
            case .wait(let duration):
                await app.wait(duration)
                tally.waits += 1
            case .changeStore:
                try await Self.change(store, using: &generator)
                tally.storeChanges += 1
            case .quit:
                // q quits from anywhere but a text field or a sheet, which Esc leaves first, and
                // asks first while a purchase is with the store ("Quit anyway?": y).
                for key in [Key.char("q"), .esc, .char("q"), .esc, .esc, .char("q")] where await !app.app.isFinished {
                    await app.app.send(.key(key))
                    if await app.app.state.quitQuestion != nil { await app.app.send(.key(.char("y"))) }
                }
                if await !app.app.isFinished {
                    Issue.record("q, Esc q, Esc Esc q did not quit:\n\(await app.screenText)")
                }
                await app.wait(.seconds(5))  // what was on its way ends before the next launch
                app = await HeadlessApp(size: size, backend: watch, layout: layout, clock: clock)
                await watch.watch(app.storefront)
                tally.relaunches += 1
            }
            let broken = await watch.violations
            if !broken.isEmpty {
                Issue.record("seed \(seed), input \(step): \(broken.joined(separator: "; "))\nlast inputs: \(recent.joined(separator: ", "))\n\(await app.screenText)")
                return
            }
            let problems = FrameCheck.problems(in: await app.app.render(), size: size, checkingCells: step % 97 == 0)
            try #require(problems.isEmpty, "after input \(step) (seed \(seed)): \(problems.prefix(3).joined(separator: "; "))")
        }
        await app.wait(.seconds(5))

        let violations = await watch.violations
        #expect(violations.isEmpty, "seed \(seed), after the storm: \(violations.joined(separator: "; "))")
        tally.purchases = await watch.purchasesStarted
        #expect(tally.purchases > 0, "the storm never reached a purchase: it tested nothing")
        print("key storm, seed \(seed): \(tally)")
    }

    /// Flips one of the store's behaviours, or answers a pending Ask to Buy request.
    static func change(_ store: LocalStore, using generator: inout SeededGenerator) async throws {
        var controls = await store.controls
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            controls.askToBuy.toggle()
        case 1:
            let names = SimulatedError.names(for: .purchase)
            controls.failures[.purchase] = controls.failures[.purchase] == nil
                ? try SimulatedError(name: names[Int.random(in: 0..<names.count, using: &generator)], for: .purchase) : nil
        case 2:
            controls.failures[.loadProducts] = controls.failures[.loadProducts] == nil
                ? try SimulatedError(name: "networkError", for: .loadProducts) : nil
        default:
            if let request = try await store.pendingRequests().first {
                if Bool.random(using: &generator) {
                    _ = try await store.approveAskToBuy(requestID: request.id)
                } else {
                    _ = try await store.declineAskToBuy(requestID: request.id)
                }
            }
        }
        await store.setControls(controls)
    }

    struct Tally: CustomStringConvertible {
        var keys = 0, resizes = 0, waits = 0, storeChanges = 0, relaunches = 0, purchases = 0
        var description: String {
            "\(keys) keys, \(resizes) resizes, \(waits) pauses, \(storeChanges) store changes, \(relaunches) relaunches, \(purchases) purchases reached the store"
        }
    }
}
