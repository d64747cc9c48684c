import CatalogLayouts
import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTestSupport
import TerminalScripting
import TerminalUI
import Testing

// The code of the article "Record a demo" (Sources/TerminalScripting/TerminalScripting.docc), run.
// Each region between `// article:` marks is one of the article's code blocks, as shown
// there (ArticleTests checks it).

@Suite("Article: record a demo")
struct RecordADemoArticle {
    @Test func theTipJarDemoRecordsACastFramesAndAPicture() async throws {
        let catalog = try CatalogLoader.load(contentsOf: PackagePaths.catalog("TipJar"))
        // article: begin
        let tape = try Tape("""
            Size 80x24
            Set latency 600ms
            Hide
            Press enter
            WaitFor "£0.99"
            Show
            Press down enter
            Wait 1s
            Press y
            WaitFor "Thank you"
            Snapshot thank-you
            Screenshot thanks.svg
            """, file: "tip.tape")
        // article: end
        // article: begin
        let recording = try await TapePlayer(tape: tape) { setup, clock in
            let store = LocalStore(catalog: catalog, ledger: try Ledger(location: .inMemory),
                                   clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch))
            return TapeStage(backend: store, layout: StoreLayout(catalog: catalog, title: "Tip Jar"),
                             controls: LatencyOnly(store: store))
        }.play()
        // article: end
        // article: begin
        let cast = AsciicastEncoder.encode(recording)  // asciinema v2: asciinema play it
        let frames = recording.framesText()            // each Snapshot's text, under its name
        let picture = recording.screenshots[0].buffer.svg(theme: .dark, title: "Tip Jar")
        // article: end
        #expect(cast.hasPrefix(#"{"version": 2, "width": 80, "height": 24"#))
        #expect(frames.hasPrefix("── thank-you (t="))
        #expect(frames.contains("Your Fine Tip purchase is complete."))
        #expect(picture.hasPrefix("<svg"))
        #expect(recording.frames[0].buffer.textLines().contains { $0.contains("£0.99") })  // the hidden steps are not in it
    }
}

// article: begin
/// A tape's store commands on the local store: `Set latency`; the others are refused,
/// and the tape stops at their line.
struct LatencyOnly: TapeStoreControls {
    struct Refused: Error, CustomStringConvertible {
        var description = "this stage takes Set latency only"
    }

    let store: LocalStore

    func apply(_ setting: TapeStoreSetting) async throws {
        guard case .latency(let latency) = setting else { throw Refused() }
        var controls = await store.controls
        controls.latency = latency == .zero ? .none : .fixed(latency)
        await store.setControls(controls)
    }

    func buy(productID: String) async throws { throw Refused() }
    func approveAskToBuy() async throws { throw Refused() }
}
// article: end
