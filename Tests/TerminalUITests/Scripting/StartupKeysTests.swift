import TerminalScripting
import Testing
import TerminalUI

@Suite("STOREFRONT_PRESS")
struct StartupKeysTests {
    @Test func commaSeparatedTokensBecomeKeys() throws {
        #expect(try StartupKeys.keys(in: ["STOREFRONT_PRESS": "down,down,enter"]) == [.down, .down, .enter])
        #expect(try StartupKeys.keys(in: ["STOREFRONT_PRESS": "/, text:Suet ,esc"]) == [
            .char("/"), .char("S"), .char("u"), .char("e"), .char("t"), .esc,
        ])
    }

    @Test func noVariableMeansNoKeys() throws {
        #expect(try StartupKeys.keys(in: ["TERM": "xterm"]) == [])
        #expect(try StartupKeys.keys(in: ["STOREFRONT_PRESS": ""]) == [])
    }

    @Test func pausesResizesAndUnknownKeysAreRefusedByName() {
        #expect(throws: KeyScriptError.self) { try StartupKeys.keys(in: ["STOREFRONT_PRESS": "down,jump"]) }
        #expect {
            try StartupKeys.keys(in: ["STOREFRONT_PRESS": "down,wait:1s"])
        } throws: { error in
            (error as? KeyScriptError)?.token == "wait:1s"
        }
        #expect {
            try StartupKeys.keys(in: ["STOREFRONT_PRESS": "resize:40x12"])
        } throws: { error in
            (error as? KeyScriptError)?.description.contains("STOREFRONT_PRESS takes keys and text: only") == true
        }
    }
}
