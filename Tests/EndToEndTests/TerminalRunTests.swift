import Foundation
import StorefrontTestSupport
import Testing

/// The real `storefront run` in tmux, compared with `storefront snapshot` for the same keys.
@Suite("storefront run in tmux")
struct TerminalRunTests {
    /// `storefront run` with an in-memory ledger and no latency, in a UTF-8 locale.
    static func run(_ options: [String], environment: [String] = []) throws -> String {
        shellCommand(try runWords(options, environment: environment))
    }

    /// The same command as words. `environment` goes to `env`, so `-u TERM` unsets one.
    static func runWords(_ options: [String], environment: [String] = []) throws -> [String] {
        let binary = try StorefrontCommand.binary()
        return ["env"] + environment + ["LANG=C.UTF-8", "LC_ALL=C.UTF-8", binary, "run", "--in-memory", "--latency", "0"] + options
    }

    static func expect(_ pane: [String], equals snapshot: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            pane.trimmedRight == snapshot.trimmedRight,
            "tmux and snapshot differ:\n--- tmux\n\(pane.joined(separator: "\n"))\n--- snapshot\n\(snapshot.joined(separator: "\n"))",
            sourceLocation: sourceLocation
        )
    }

    @Test func browsingToAShop() async throws {
        let tmux = try await TmuxSession(width: 80, height: 24, command: Self.run([]))
        _ = try await tmux.screen(showing: "Backyard Birds Pass")
        try await tmux.press("down", "down", "enter")
        let pane = try await tmux.screen(showing: "Copper Tube Feeder")
        Self.expect(pane, equals: try await StorefrontCommand.snapshot([], keys: ["down", "down", "enter"]))
    }

    /// A tip bought by keys ends with the thank-you; with Ask to Buy, with "Waiting for approval".
    @Test(arguments: [([String](), "Thank you"), (["--ask-to-buy"], "Waiting for approval")])
    func aPurchaseAndItsResult(_ extra: [String], _ result: String) async throws {
        let options = ["--catalog", "tipjar"] + extra
        let tmux = try await TmuxSession(width: 80, height: 24, command: Self.run(options))
        let pane = try await tmux.buyFirstTip(showing: result)
        Self.expect(pane, equals: try await StorefrontCommand.snapshot(options, keys: ["enter", "enter", "y"]))
    }

    @Test func resizingTheWindowRedrawsForTheNewSize() async throws {
        let tmux = try await TmuxSession(width: 80, height: 24, command: Self.run([]))
        _ = try await tmux.screen(showing: "Backyard Birds Pass")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "Meadow Monthly")
        try await tmux.resize(width: 40, height: 12)
        let pane = try await tmux.screen(showing: "$9.99 / mo")  // the narrow picker abbreviates periods
        #expect(pane.count == 12)
        Self.expect(pane, equals: try await StorefrontCommand.snapshot([], keys: ["enter", "resize:40x12"]))
    }

    /// Japanese names and prices in a 40x12 terminal: wide characters must take the columns
    /// the snapshot gives them.
    @Test func wideCharactersInASmallTerminal() async throws {
        let options = ["--catalog", "cheers", "--locale", "ja"]
        let tmux = try await TmuxSession(width: 40, height: 12, command: Self.run(options))
        _ = try await tmux.screen(showing: "消耗型")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "線香花火")
        try await tmux.press("down")
        let pane = try await tmux.screen(showing: "提灯")
        Self.expect(pane, equals: try await StorefrontCommand.snapshot(options, keys: ["enter", "down"], size: "40x12"))
    }

    /// The thank-you sheet drawn over Japanese rows: wide characters cut by its border.
    @Test func aSheetOverWideCharacters() async throws {
        let options = ["--catalog", "cheers", "--locale", "ja"]
        let tmux = try await TmuxSession(width: 80, height: 24, command: Self.run(options))
        _ = try await tmux.screen(showing: "消耗型")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "¥500")
        try await tmux.press("down", "enter")
        _ = try await tmux.screen(showing: "購入の確認")
        try await tmux.press("y")
        let pane = try await tmux.screen(showing: "ありがとうございます")
        Self.expect(pane, equals: try await StorefrontCommand.snapshot(options, keys: ["enter", "down", "enter", "y"]))
    }

    @Test func storefrontPressPlaysKeysAtStart() async throws {
        let tmux = try await TmuxSession(width: 80, height: 24, command: Self.run([], environment: ["STOREFRONT_PRESS=down,down,enter"]))
        let pane = try await tmux.screen(showing: "Copper Tube Feeder")
        Self.expect(pane, equals: try await StorefrontCommand.snapshot([], keys: ["down", "down", "enter"]))
    }
}
