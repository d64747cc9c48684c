import TerminalUI

/// Enough of an xterm to replay what ncurses writes for TERM=xterm-256color and show
/// what a user would see: text per column (wide characters take two), attributes,
/// colours and the cursor. Sequences it does not know are collected in `unknown`, so
/// a test notices when ncurses starts using something new.
///
/// Like xterm it measures each code point with wcwidth, so "👍🏽" takes four columns. With
/// `joinsClusters` it is a terminal that joins a grapheme cluster into one cell as its
/// bytes arrive ("👍🏽", "👨‍👩‍👧", "🇯🇵"), as wide as `displayWidth(of:)` says.
struct ScreenModel {
    struct Cell: Equatable {
        var text = " "
        var style = Style.plain
        var isContinuation = false
    }

    let width: Int
    let height: Int
    let joinsClusters: Bool
    private(set) var rows: [[Cell]]
    private(set) var cursorX = 0
    private(set) var cursorY = 0
    private(set) var cursorVisible = true
    private(set) var unknown: [String] = []
    private var style = Style.plain
    private var pendingWrap = false
    private var lastPrinted: Unicode.Scalar?
    private var scrollTop = 0
    private var scrollBottom: Int
    private var savedCursor = (0, 0)

    init(width: Int, height: Int, joinsClusters: Bool = false) {
        self.width = width
        self.height = height
        self.joinsClusters = joinsClusters
        rows = Array(repeating: Array(repeating: Cell(), count: width), count: height)
        scrollBottom = height - 1
    }

    /// The text of each row, wide characters once, like `Buffer.textLines()`.
    func textLines() -> [String] {
        rows.map { row in row.filter { !$0.isContinuation }.map(\.text).joined() }
    }

    func cell(x: Int, y: Int) -> Cell { rows[y][x] }

    mutating func feed(_ bytes: [UInt8]) {
        var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B: escape(&scalars)
            case 0x0D: cursorX = 0; pendingWrap = false
            case 0x0A: lineFeed()
            case 0x08: cursorX = max(0, cursorX - 1); pendingWrap = false
            case 0x09: cursorX = min(width - 1, (cursorX / 8 + 1) * 8)
            case 0x07, 0x0E, 0x0F: break
            default: printScalar(scalar)
            }
        }
    }

    private mutating func escape(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let next = scalars.next() else { return }
        switch next {
        case "[": controlSequence(&scalars)
        case "(", ")": _ = scalars.next()  // character set designation
        case "=", ">": break  // keypad modes
        case "7": savedCursor = (cursorX, cursorY)
        case "8": (cursorX, cursorY) = savedCursor
        case "M": if cursorY == scrollTop { scroll(down: 1) } else { cursorY = max(0, cursorY - 1) }
        case "D": lineFeed()
        case "E": cursorX = 0; lineFeed()
        default: unknown.append("ESC \(next)")
        }
    }

    private mutating func controlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        var text = ""
        var final: Unicode.Scalar = " "
        while let scalar = scalars.next() {
            if (0x40...0x7E).contains(scalar.value) {
                final = scalar
                break
            }
            text.unicodeScalars.append(scalar)
        }
        let isPrivate = text.hasPrefix("?") || text.hasPrefix(">")
        let numbers = text.drop { $0 == "?" || $0 == ">" }.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, _ fallback: Int) -> Int {
            index < numbers.count ? (numbers[index] ?? fallback) : fallback
        }
        pendingWrap = false
        if isPrivate {
            if final == "h" || final == "l", numbers.contains(25) { cursorVisible = final == "h" }
            return
        }
        switch final {
        case "H", "f": cursorY = clampRow(number(0, 1) - 1); cursorX = clampColumn(number(1, 1) - 1)
        case "A": cursorY = clampRow(cursorY - number(0, 1))
        case "B": cursorY = clampRow(cursorY + number(0, 1))
        case "C": cursorX = clampColumn(cursorX + number(0, 1))
        case "D": cursorX = clampColumn(cursorX - number(0, 1))
        case "G": cursorX = clampColumn(number(0, 1) - 1)
        case "d": cursorY = clampRow(number(0, 1) - 1)
        case "K": eraseInLine(number(0, 0))
        case "J": eraseInDisplay(number(0, 0))
        case "X": for x in cursorX..<min(width, cursorX + number(0, 1)) { rows[cursorY][x] = Cell(style: style.withoutModifiers) }
        case "b": if let lastPrinted { for _ in 0..<number(0, 1) { printScalar(lastPrinted) } }
        case "m": selectGraphicRendition(numbers.map { $0 ?? 0 })
        case "@": insertCharacters(number(0, 1))
        case "P": deleteCharacters(number(0, 1))
        case "L": insertLines(number(0, 1))
        case "M": deleteLines(number(0, 1))
        case "S": scroll(up: number(0, 1))
        case "T": scroll(down: number(0, 1))
        case "r":
            scrollTop = clampRow(number(0, 1) - 1)
            scrollBottom = clampRow(number(1, height) - 1)
            (cursorX, cursorY) = (0, 0)
        case "t", "h", "l", "n": break  // window operations, ANSI modes, status reports
        default: unknown.append("CSI \(text)\(final)")
        }
    }

    private mutating func printScalar(_ scalar: Unicode.Scalar) {
        let width = displayWidth(ofScalar: scalar)
        let lead = leadBeforeCursor()
        if joinsClusters, (rows[cursorY][lead].text + String(scalar)).count == 1 {
            join(scalar, into: lead)
            return
        }
        if width == 0 {
            // A combining mark joins the character before the cursor.
            rows[cursorY][lead].text.unicodeScalars.append(scalar)
            return
        }
        if pendingWrap || cursorX + width > self.width {
            cursorX = 0
            lineFeed()
        }
        clearHalves(x: cursorX, width: width)
        rows[cursorY][cursorX] = Cell(text: String(scalar), style: style)
        if width == 2 { rows[cursorY][cursorX + 1] = Cell(text: "", style: style, isContinuation: true) }
        lastPrinted = scalar
        if cursorX + width >= self.width {
            cursorX = self.width - 1
            pendingWrap = true
        } else {
            cursorX += width
        }
    }

    /// The first column of the character before the cursor.
    private func leadBeforeCursor() -> Int {
        var lead = max(0, (pendingWrap ? cursorX : cursorX - 1))
        while lead > 0 && rows[cursorY][lead].isContinuation { lead -= 1 }
        return lead
    }

    /// Adds a code point to the cluster at `lead`; the cell widens when the cluster does
    /// (two regional indicators make a two-column flag).
    private mutating func join(_ scalar: Unicode.Scalar, into lead: Int) {
        var cell = rows[cursorY][lead]
        var oldWidth = 1
        while lead + oldWidth < width && rows[cursorY][lead + oldWidth].isContinuation { oldWidth += 1 }
        cell.text.unicodeScalars.append(scalar)
        rows[cursorY][lead] = cell
        let newWidth = displayWidth(of: cell.text)
        for column in (lead + oldWidth)..<min(width, lead + newWidth) {
            rows[cursorY][column] = Cell(text: "", style: cell.style, isContinuation: true)
        }
        if newWidth > oldWidth && !pendingWrap {
            cursorX = min(width - 1, cursorX + newWidth - oldWidth)
        }
    }

    /// Overwriting part of a wide character blanks the rest of it, as xterm does.
    private mutating func clearHalves(x: Int, width: Int) {
        if rows[cursorY][x].isContinuation && x > 0 { rows[cursorY][x - 1] = Cell(style: rows[cursorY][x - 1].style) }
        let end = x + width - 1
        if end + 1 < self.width && rows[cursorY][end + 1].isContinuation { rows[cursorY][end + 1] = Cell() }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if cursorY == scrollBottom { scroll(up: 1) } else { cursorY = clampRow(cursorY + 1) }
    }

    private mutating func scroll(up count: Int) {
        for _ in 0..<count {
            rows.remove(at: scrollTop)
            rows.insert(blankRow(), at: scrollBottom)
        }
    }

    private mutating func scroll(down count: Int) {
        for _ in 0..<count {
            rows.remove(at: scrollBottom)
            rows.insert(blankRow(), at: scrollTop)
        }
    }

    private mutating func insertLines(_ count: Int) {
        for _ in 0..<count where cursorY <= scrollBottom {
            rows.remove(at: scrollBottom)
            rows.insert(blankRow(), at: cursorY)
        }
    }

    private mutating func deleteLines(_ count: Int) {
        for _ in 0..<count where cursorY <= scrollBottom {
            rows.remove(at: cursorY)
            rows.insert(blankRow(), at: scrollBottom)
        }
    }

    private mutating func insertCharacters(_ count: Int) {
        for _ in 0..<count {
            rows[cursorY].removeLast()
            rows[cursorY].insert(Cell(style: style.withoutModifiers), at: cursorX)
        }
    }

    private mutating func deleteCharacters(_ count: Int) {
        for _ in 0..<min(count, width - cursorX) {
            rows[cursorY].remove(at: cursorX)
            rows[cursorY].append(Cell(style: style.withoutModifiers))
        }
    }

    private mutating func eraseInLine(_ mode: Int) {
        let range = mode == 0 ? cursorX..<width : mode == 1 ? 0..<(cursorX + 1) : 0..<width
        for x in range { rows[cursorY][x] = Cell(style: style.withoutModifiers) }
    }

    private mutating func eraseInDisplay(_ mode: Int) {
        let rowsToClear = mode == 0 ? (cursorY + 1)..<height : mode == 1 ? 0..<cursorY : 0..<height
        if mode != 2 { eraseInLine(mode) }
        for y in rowsToClear { rows[y] = blankRow() }
    }

    private func blankRow() -> [Cell] {
        Array(repeating: Cell(style: style.withoutModifiers), count: width)
    }

    private mutating func selectGraphicRendition(_ codes: [Int]) {
        var index = 0
        let parameters = codes.isEmpty ? [0] : codes
        while index < parameters.count {
            let code = parameters[index]
            switch code {
            case 0: style = .plain
            case 1: style.modifiers.insert(.bold)
            case 2: style.modifiers.insert(.dim)
            case 4: style.modifiers.insert(.underline)
            case 7: style.modifiers.insert(.reverse)
            case 22: style.modifiers.subtract([.bold, .dim])
            case 24: style.modifiers.remove(.underline)
            case 27: style.modifiers.remove(.reverse)
            case 30...37: style.foreground = Color.allCases[code - 30 + 1]
            case 39: style.foreground = .default
            case 40...47: style.background = Color.allCases[code - 40 + 1]
            case 49: style.background = .default
            case 38, 48: index += 2  // 256-colour forms; the palette here uses only 0-7
            default: unknown.append("SGR \(code)")
            }
            index += 1
        }
    }

    private func clampRow(_ y: Int) -> Int { min(max(0, y), height - 1) }
    private func clampColumn(_ x: Int) -> Int { min(max(0, x), width - 1) }
}

private extension Style {
    /// Erasing fills with the current background colour but no attributes (xterm's
    /// "background colour erase").
    var withoutModifiers: Style { Style(background: background) }
}
