import CatalogLayouts
import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTestSupport
import TerminalScripting
import TerminalUI

/// The Tip Jar catalog from the repository's Resources, in a local store on a tape's
/// clock, with store commands going to `RecordingControls`.
enum TipJarStage {
    static let catalogURL = PackagePaths.catalog("TipJar")

    /// A stage maker for `TapePlayer`; every store call takes `latency`.
    static func maker(latency: Duration = .zero, controls: RecordingControls = RecordingControls()) -> TapePlayer.StageMaker {
        { setup, clock in
            let catalog = try CatalogLoader.load(contentsOf: catalogURL)
            var storeControls = StoreControls()
            storeControls.latency = latency == .zero ? .none : .fixed(latency)
            let store = LocalStore(
                catalog: catalog, ledger: try Ledger(location: .inMemory),
                clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch), controls: storeControls
            )
            await controls.record(.setup(setup))
            return TapeStage(backend: store, layout: StoreLayout(catalog: catalog, title: "Tip Jar"), controls: controls)
        }
    }

    static func play(_ text: String, latency: Duration = .zero, controls: RecordingControls = RecordingControls()) async throws -> TapeRecording {
        try await TapePlayer(tape: Tape(text, file: "test.tape"), stage: maker(latency: latency, controls: controls)).play()
    }
}

/// Store controls that remember what a tape asked of them, and can refuse `Approve`.
actor RecordingControls: TapeStoreControls {
    enum Call: Equatable {
        case setup(TapeSetup)
        case apply(TapeStoreSetting)
        case buy(String)
        case approve
    }

    private(set) var calls: [Call] = []
    private let approvalError: (any Error)?

    init(approvalError: (any Error)? = nil) {
        self.approvalError = approvalError
    }

    func record(_ call: Call) {
        calls.append(call)
    }

    func apply(_ setting: TapeStoreSetting) {
        calls.append(.apply(setting))
    }

    func buy(productID: String) {
        calls.append(.buy(productID))
    }

    func approveAskToBuy() throws {
        calls.append(.approve)
        if let approvalError { throw approvalError }
    }
}

/// An error with a readable description, for controls that refuse.
struct Refusal: Error, CustomStringConvertible {
    let description: String
}

extension Buffer {
    /// Whether some row contains `text`.
    func shows(_ text: String) -> Bool {
        textLines().contains { $0.contains(text) }
    }
}
