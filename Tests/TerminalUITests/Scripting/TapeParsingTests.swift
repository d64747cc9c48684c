@testable import TerminalScripting
import Testing
@testable import TerminalUI

@Suite("Tape parsing")
struct TapeParsingTests {
    static func command(_ line: String) throws -> TapeCommand {
        try #require(try Tape(line).lines.first).command
    }

    @Test(arguments: [
        ("Size 40x12", TapeCommand.size(TerminalSize(width: 40, height: 12))),
        ("Catalog tipjar", .catalog("tipjar")),
        (#"Catalog "My Shop.storekit""#, .catalog("My Shop.storekit")),
        ("Set storefront GBR", .storefront("GBR")),
        ("Set locale ja", .locale("ja")),
        ("Set latency 600ms", .store(.latency(.milliseconds(600)))),
        ("Set latency 0", .store(.latency(.zero))),
        ("Set ask-to-buy on", .store(.askToBuy(true))),
        ("Set ask-to-buy off", .store(.askToBuy(false))),
        ("Set fail purchase", .store(.failing("purchase"))),
        ("Set fail none", .store(.failing(nil))),
        ("Set typing-speed 50ms", .typingSpeed(.milliseconds(50))),
        ("Set wait-timeout 30s", .waitTimeout(.seconds(30))),
        ("Buy com.example.tip", .buy(productID: "com.example.tip")),
        ("Approve", .approve),
        ("Press down down enter", .press([.down, .down, .enter])),
        ("Press ctrl-c shift-tab y", .press([.ctrl("c"), .backTab, .char("y")])),
        (##"Press "#""##, .press([.char("#")])),
        (#"Type "GIFT-2026""#, .type("GIFT-2026")),
        (#"Type "say \"hi\" \\ bye""#, .type(#"say "hi" \ bye"#)),
        ("Wait 1.5s", .wait(.milliseconds(1500))),
        (#"WaitFor "Thank you""#, .waitFor("Thank you")),
        ("Snapshot thank-you", .snapshot("thank-you")),
        ("Resize 40x12", .resize(TerminalSize(width: 40, height: 12))),
        ("Screenshot thanks.svg", .screenshot("thanks.svg")),
        ("  Press enter   # buy it", .press([.enter])),
    ])
    func parses(_ line: String, _ expected: TapeCommand) throws {
        #expect(try Self.command(line) == expected)
    }

    @Test func commentsAndBlankLinesKeepTheLineNumbers() throws {
        let tape = try Tape("# a demo\n\nCatalog tipjar\r\n   # indented comment\nPress enter\n", file: "t.tape")
        #expect(tape.lines.map(\.number) == [3, 5])
        #expect(tape.lines.map(\.command) == [.catalog("tipjar"), .press([.enter])])
    }

    @Test func theSetupCollectsSizeCatalogStorefrontAndLocaleWithTheirLines() throws {
        let tape = try Tape("Size 40x12\nCatalog cheers\nSet locale ja\nSet storefront JPN\nPress enter")
        let setup = tape.setup
        #expect(setup.size == TerminalSize(width: 40, height: 12))
        #expect(setup.catalog == TapeValue(text: "cheers", file: "tape", line: 2))
        #expect(setup.locale == TapeValue(text: "ja", file: "tape", line: 3))
        #expect(setup.storefront == TapeValue(text: "JPN", file: "tape", line: 4))
        #expect(try Tape("Press enter").setup == TapeSetup())
    }

    @Test(arguments: [
        ("Press down\n# fine\n\n\n\n\nPrss down", 7, #"unknown command "Prss""#),
        ("Press jump", 1, #"bad key "jump""#),
        ("Press wait:500ms", 1, "Press takes keys; use Type, Wait or Resize"),
        ("Press", 1, "Press needs keys"),
        (#"Type "unterminated"#, 1, "unterminated string"),
        (#"Type "a"b"#, 1, "text right after a closing quote"),
        (#"Type a"b"#, 1, "a quote inside"),
        (#"Type "\n""#, 1, #"only \" and \\ may follow a backslash"#),
        ("Type hello world", 1, "Type takes one argument, not 2"),
        (#"Type """#, 1, "Type needs text"),
        ("Wait soon", 1, #"bad duration "soon""#),
        ("\nSize 80", 2, #"bad size "80""#),
        ("Press enter\nResize 5000x5000", 2, #"bad size "5000x5000": expected columns x rows from 1x1 to 1000x1000"#),
        ("Set latency 300ms-800ms", 1, "a tape takes one duration"),
        ("Set ask-to-buy yes", 1, #"ask-to-buy is on or off, not "yes""#),
        ("Set speed 1s", 1, #"unknown setting "speed""#),
        ("Set latency", 1, "Set takes a setting and a value"),
        ("Approve now", 1, "Approve takes no arguments"),
        ("Press enter\nCatalog tipjar", 2, "Catalog must come before the first screen command (Press on line 1)"),
        ("Catalog tipjar\nSet locale ja\nCatalog cheers", 3, "Catalog is already set on line 1"),
        ("Wait 1s\nSet locale ja", 2, "Set locale must come before the first screen command (Wait on line 1)"),
        ("Press enter\nHide now", 2, "Hide takes no arguments"),
        ("Press enter\nShow", 2, "Show without a Hide before it"),
        ("Press enter\nHide\nPress down\nHide", 4, "Hide, but already hidden since line 2"),
        ("Press enter\nHide\nSnapshot secret", 3, "Snapshot inside Hide (since line 2): hidden steps are not recorded; Show first"),
        ("Press enter\nHide\nScreenshot a.svg", 3, "Screenshot inside Hide (since line 2)"),
        ("Hide\nPress enter\nWait 1s", 1, "Hide with no Show after it hides every screen"),
        ("Screenshot thanks.png", 1, #"Screenshot "thanks.png": name an SVG picture, such as Screenshot thanks.svg"#),
        ("Screenshot pics/thanks.svg", 1, "a file name, not a path"),
        ("Screenshot a.svg\nPress down\nScreenshot a.svg", 3, "Screenshot a.svg is already taken on line 1"),
        ("Source", 1, "Source takes one argument, not 0"),
        ("Press enter\nSource other.tape", 2, "Source other.tape: this tape was read without its folder"),
    ])
    func errorsNameTheFileAndLine(_ text: String, _ line: Int, _ message: String) {
        #expect {
            try Tape(text, file: "x.tape")
        } throws: { error in
            guard let error = error as? TapeError else { return false }
            return error.line == line && error.file == "x.tape" && error.message.contains(message)
                && error.description.hasPrefix("x.tape:\(line): ")
        }
    }

    @Test func theIssueExampleReadsAsWritten() {
        #expect(throws: TapeError(file: "x.tape", line: 7, message: #"unknown command "Prss""#)) {
            try Tape("Size 80x24\nCatalog tipjar\n\n# go\nPress enter\nWait 1s\nPrss down", file: "x.tape")
        }
        #expect(TapeError(file: "x.tape", line: 7, message: #"unknown command "Prss""#).description
            == #"x.tape:7: unknown command "Prss""#)
    }

    @Test func hideAndShowComeInPairs() throws {
        let tape = try Tape("Hide\nBuy a.b\nPress enter\nShow\nWait 1s")
        #expect(tape.lines.map(\.command) == [.hide, .buy(productID: "a.b"), .press([.enter]), .show, .wait(.seconds(1))])
    }

    @Test func aTapeMayEndHiddenAfterSomethingWasShown() throws {
        let tape = try Tape("Press enter\nSnapshot shop\nHide\nPress q")
        #expect(tape.lines.map(\.command).last == .press([.char("q")]))
    }

    @Test func storeAndPacingCommandsMayComeAnywhere() throws {
        let tape = try Tape("Press enter\nSet latency 1s\nBuy a.b\nApprove\nSet typing-speed 10ms\nSet fail none")
        #expect(tape.lines.count == 6)
    }
}

@Suite("Tape sources")
struct TapeSourceTests {
    /// Tapes by path, for `Tape(_:file:reading:)`.
    static func reader(_ files: [String: String]) -> (String) throws -> String {
        { path in
            guard let text = files[path] else { throw Refusal(description: "\(path): no such tape file") }
            return text
        }
    }

    @Test func aSourcedTapesLinesTakeItsPlaceWithTheirFile() throws {
        let read = Self.reader([
            "demos/setup/common.tape": "Size 40x12\nCatalog tipjar\nSource ../more.tape",
            "demos/more.tape": "Set latency 1s",
        ])
        let tape = try Tape("# tip\nSource setup/./common.tape\nPress enter", file: "demos/tip.tape", reading: read)
        #expect(tape.lines.map(\.command) == [.size(TerminalSize(width: 40, height: 12)), .catalog("tipjar"), .store(.latency(.seconds(1))), .press([.enter])])
        #expect(tape.lines.map(\.file) == ["demos/setup/common.tape", "demos/setup/common.tape", "demos/more.tape", "demos/tip.tape"])
        #expect(tape.lines.map(\.number) == [1, 2, 1, 3])
        #expect(tape.setup.catalog == TapeValue(text: "tipjar", file: "demos/setup/common.tape", line: 2))
    }

    @Test func aCycleNamesTheLineThatClosesItAndTheWayRound() {
        let read = Self.reader(["a.tape": "Wait 1s\nSource b.tape", "b.tape": "\nSource ./a.tape"])
        #expect(throws: TapeError(file: "b.tape", line: 2, message: "Source ./a.tape: a cycle: a.tape → b.tape → a.tape")) {
            try Tape("Source b.tape", file: "a.tape", reading: read)
        }
        #expect(throws: TapeError(file: "a.tape", line: 1, message: "Source a.tape: a cycle: a.tape → a.tape")) {
            try Tape("Source a.tape", file: "a.tape", reading: read)
        }
    }

    @Test func aMissingTapeIsReportedAtTheSourceLine() {
        #expect(throws: TapeError(file: "x/main.tape", line: 2, message: "Source gone.tape: x/gone.tape: no such tape file")) {
            try Tape("Press enter\nSource gone.tape", file: "x/main.tape", reading: Self.reader([:]))
        }
    }

    @Test func aMistakeInASourcedTapeNamesThatFile() {
        #expect(throws: TapeError(file: "b.tape", line: 1, message: #"unknown command "Prss""#)) {
            try Tape("Source b.tape", file: "a.tape", reading: Self.reader(["b.tape": "Prss down"]))
        }
    }

    @Test func theOrderRulesSpanFilesAndNameTheOtherFile() {
        let read = Self.reader(["setup.tape": "Catalog tipjar\nPress enter", "catalog.tape": "Catalog tipjar", "hide.tape": "Hide"])
        #expect(throws: TapeError(file: "main.tape", line: 2, message: "Catalog is already set on catalog.tape:1")) {
            try Tape("Source catalog.tape\nCatalog cheers", file: "main.tape", reading: read)
        }
        #expect(throws: TapeError(file: "main.tape", line: 3, message: "Set locale must come before the first screen command (Press on setup.tape:2)")) {
            try Tape("\nSource setup.tape\nSet locale ja", file: "main.tape", reading: read)
        }
        // Hide in one file, Show in another.
        #expect(throws: Never.self) { try Tape("Press enter\nSource hide.tape\nPress down\nShow", file: "main.tape", reading: read) }
    }

    @Test(arguments: [
        ("b.tape", "demos/a.tape", "demos/b.tape"),
        ("../b.tape", "demos/x/a.tape", "demos/b.tape"),
        ("/abs/b.tape", "demos/a.tape", "/abs/b.tape"),
        ("b.tape", "a.tape", "b.tape"),
        ("../b.tape", "a.tape", "../b.tape"),
        ("./x//b.tape", "/r/a.tape", "/r/x/b.tape"),
    ])
    func pathsAreFromTheSourcingTapesFolder(_ path: String, _ file: String, _ expected: String) {
        #expect(TapeReader.path(path, from: file) == expected)
    }
}
