import Foundation
import StorefrontTestSupport
import Testing

/// Product names with emoji sequences in the real `storefront run` under tmux: each one
/// whole, in the columns the snapshot gives it.
@Suite("Emoji sequences in storefront run")
struct EmojiRunTests {
    /// One name per kind of sequence ncurses kept only part of: an emoji presentation
    /// selector (❤️), a keycap (1️⃣: digit, VS16, U+20E3), a ZWJ family of 5 code points
    /// (CCHARW_MAX, but three of them spacing), a ZWJ couple of 6 (more than a cell
    /// holds), a flag (two regional indicators).
    ///
    /// Two that tmux 3.3a (what CI installs) cannot show as the snapshot counts them, so
    /// the pane could not equal the snapshot whatever `run` writes; ClusterDrawingTests
    /// (CursesBackendTests) cover both on a pseudo-terminal:
    /// - 👍🏽: tmux joins ZWJ sequences but not skin-tone modifiers, and draws 👍 then 🏽,
    ///   four columns; the snapshot counts two.
    /// - 👨‍👩‍👧‍👦: tmux keeps at most 21 bytes per cell and drops the final 👦 (25 bytes).
    static let names = ["Heart ❤️ Tip", "Keycap 1️⃣ Tip", "Family 👨‍👩‍👧 Tip", "Couple 👩‍❤️‍👨 Tip", "Flag 🇯🇵 Tip"]

    /// A catalog of consumables named `names`, in a folder of its own.
    static func writeCatalog(names: [String] = names) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emoji-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let products: [[String: Any]] = names.enumerated().map { index, name in
            [
                "displayPrice": "\(index).99", "familyShareable": false, "internalID": "E301000\(index)",
                "localizations": [["description": "Thanks, with an emoji.", "displayName": name, "locale": "en_US"]],
                "productID": "com.example.emoji.tip\(index)", "referenceName": "Tip \(index)", "type": "Consumable",
            ]
        }
        let catalog: [String: Any] = [
            "identifier": "E3010000", "products": products, "settings": [String: Any](),
            "subscriptionGroups": [Any](), "nonRenewingSubscriptions": [Any](), "version": ["major": 4, "minor": 0],
        ]
        let file = folder.appendingPathComponent("Emoji.storekit")
        try JSONSerialization.data(withJSONObject: catalog).write(to: file)
        return file
    }

    /// The list of names, then the selection moved over them: rows rewritten in reverse
    /// video and back, with the sequences in them.
    @Test func productNamesWithEmojiSequences() async throws {
        let catalog = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(at: catalog.deletingLastPathComponent()) }
        let options = ["--catalog", catalog.path]
        let tmux = try await TmuxSession(width: 80, height: 24, command: TerminalRunTests.run(options))
        _ = try await tmux.screen(showing: "Consumables")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "Flag")
        try await tmux.press("down", "down", "down")
        let pane = try await tmux.screen(showing: "Flag")
        TerminalRunTests.expect(pane, equals: try await StorefrontCommand.snapshot(options, keys: ["enter", "down", "down", "down"]))
        for name in Self.names {
            #expect(pane.contains { $0.contains(name) }, "\(name) is not whole in the pane")
        }
    }

    /// Names whose width tmux 3.3a does not draw as wcwidth counts (👍🏽 four columns, not
    /// two), between names it does: the app asks the terminal as it starts and lays each
    /// row out as tmux draws it, so the name after the emoji is whole and every price ends
    /// in the same column.
    static let measuredNames = ["Plain Tip", "Thumbs 👍🏽 Tip", "Heart ❤️ Tip", "Flag 🇯🇵 Tip"]

    @Test func widthsTheTerminalDrawsAreTheLayouts() async throws {
        let catalog = try Self.writeCatalog(names: Self.measuredNames)
        defer { try? FileManager.default.removeItem(at: catalog.deletingLastPathComponent()) }
        let tmux = try await TmuxSession(width: 80, height: 24, command: TerminalRunTests.run(["--catalog", catalog.path]))
        _ = try await tmux.screen(showing: "Consumables")
        try await tmux.press("enter")
        _ = try await tmux.screen(showing: "Flag")
        try await tmux.press("down")
        let pane = try await tmux.screen(showing: "Flag")
        var priceEnds: [Int] = []
        for (index, name) in Self.measuredNames.enumerated() {
            let row = try #require(pane.first { $0.contains(name) }, "\(name) is not whole in the pane:\n\(pane.joined(separator: "\n"))")
            let price = "$\(index).99"
            let before = try #require(row.range(of: price), "no \(price) on the row of \(name): \(row)")
            priceEnds.append(try await TmuxSession.columns(of: String(row[..<before.lowerBound])) + price.count)
        }
        #expect(Set(priceEnds).count == 1, "prices end in columns \(priceEnds):\n\(pane.joined(separator: "\n"))")
    }
}
