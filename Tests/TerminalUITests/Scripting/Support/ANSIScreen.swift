import TerminalUI

/// A small terminal that understands exactly the sequences a cast may use (CUP, ED 2,
/// SGR, cursor show/hide) and writes text by display width, so tests can replay encoded
/// bytes and compare the screen with the buffer that produced them. Anything else is
/// recorded in `unknown`, which tests expect to stay empty.
struct ANSIScreen {
    private(set) var buffer: Buffer
    private(set) var cursor = Position(x: 0, y: 0)
    private(set) var cursorVisible = true
    private(set) var unknown: [String] = []
    private var pen = Style.plain

    init(width: Int, height: Int) {
        buffer = Buffer(width: width, height: height)
    }

    /// Changes size as a terminal does when told to: the screen is cleared.
    mutating func resize(width: Int, height: Int) {
        buffer = Buffer(width: width, height: height)
        cursor = Position(x: 0, y: 0)
    }

    mutating func apply(_ bytes: String) {
        var characters = bytes.makeIterator()
        while let character = characters.next() {
            guard character == "\u{1B}" else {
                cursor.x = buffer.write(String(character), x: cursor.x, y: cursor.y, style: pen)
                continue
            }
            guard characters.next() == "[" else {
                unknown.append("ESC without [")
                continue
            }
            var parameters = ""
            var final: Character?
            while let next = characters.next() {
                if next.isLetter {
                    final = next
                    break
                }
                parameters.append(next)
            }
            perform(parameters, final)
        }
    }

    private mutating func perform(_ parameters: String, _ final: Character?) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch (parameters, final) {
        case ("?25", "h"): cursorVisible = true
        case ("?25", "l"): cursorVisible = false
        case ("2", "J"): buffer = Buffer(width: buffer.width, height: buffer.height)
        case (_, "H"):
            let row = parameters.isEmpty ? 1 : numbers[0]
            let column = numbers.count > 1 ? numbers[1] : 1
            cursor = Position(x: column - 1, y: row - 1)
        case (_, "m"):
            for code in numbers { applySGR(code) }
        default:
            unknown.append("ESC[\(parameters)\(final.map(String.init) ?? "")")
        }
    }

    private mutating func applySGR(_ code: Int) {
        switch code {
        case 0: pen = .plain
        case 1: pen.modifiers.insert(.bold)
        case 2: pen.modifiers.insert(.dim)
        case 4: pen.modifiers.insert(.underline)
        case 7: pen.modifiers.insert(.reverse)
        case 30...37: pen.foreground = Color.allCases[code - 30 + 1]
        case 40...47: pen.background = Color.allCases[code - 40 + 1]
        default: unknown.append("SGR \(code)")
        }
    }
}
