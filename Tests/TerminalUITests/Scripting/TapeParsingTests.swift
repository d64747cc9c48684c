import Testing
import TerminalUI

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
        #expect(setup.catalog == TapeValue(text: "cheers", line: 2))
        #expect(setup.locale == TapeValue(text: "ja", line: 3))
        #expect(setup.storefront == TapeValue(text: "JPN", line: 4))
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
        ("Set latency 300ms-800ms", 1, "a tape takes one duration"),
        ("Set ask-to-buy yes", 1, #"ask-to-buy is on or off, not "yes""#),
        ("Set speed 1s", 1, #"unknown setting "speed""#),
        ("Set latency", 1, "Set takes a setting and a value"),
        ("Approve now", 1, "Approve takes no arguments"),
        ("Press enter\nCatalog tipjar", 2, "Catalog must come before the first screen command (Press on line 1)"),
        ("Catalog tipjar\nSet locale ja\nCatalog cheers", 3, "Catalog is already set on line 1"),
        ("Wait 1s\nSet locale ja", 2, "Set locale must come before the first screen command (Wait on line 1)"),
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

    @Test func storeAndPacingCommandsMayComeAnywhere() throws {
        let tape = try Tape("Press enter\nSet latency 1s\nBuy a.b\nApprove\nSet typing-speed 10ms\nSet fail none")
        #expect(tape.lines.count == 6)
    }
}
