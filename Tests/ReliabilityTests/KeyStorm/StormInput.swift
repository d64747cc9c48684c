import TerminalUI

/// What the storm does next, drawn from a seeded generator: mostly keys a customer presses
/// (moving, opening, buying, confirming, filtering, clicking), sometimes a resize, a pause,
/// a change of the store's behaviour, or quitting and starting again.
enum StormInput {
    case key(Key)
    case resize(width: Int, height: Int)
    /// Time passes: purchases and loads finish, spinners turn.
    case wait(Duration)
    /// The store starts or stops failing, asking to buy, or answers a parent's approval.
    case changeStore
    case quit

    static let maximumSize = (width: 300, height: 100)

    /// Weighted in thousandths: keys 940, resizes 10, waits 35, store changes 14, quits 1.
    static func random(within size: TerminalSize, using generator: inout SeededGenerator) -> StormInput {
        switch Int.random(in: 0..<1000, using: &generator) {
        case 0: .quit
        case 1..<11: .resize(width: .random(in: 1...maximumSize.width, using: &generator), height: .random(in: 1...maximumSize.height, using: &generator))
        case 11..<46: .wait(.milliseconds(Int.random(in: 0...2_000, using: &generator)))
        case 46..<60: .changeStore
        default: .key(randomKey(within: size, using: &generator))
        }
    }

    /// Navigation and buying keys are the likeliest, so purchases happen often.
    private static let keys: [Key] = [
        .up, .down, .down, .up, .left, .right, .enter, .enter, .enter, .esc, .tab, .backTab,
        .char("y"), .char("y"), .char("n"), .char("r"), .char("/"), .char("?"), .char("j"), .char("k"),
        .char("a"), .char("e"), .char("é"), .char("語"), .space, .backspace, .pageUp, .pageDown, .home, .end,
        .ctrl("u"),
    ]

    private static func randomKey(within size: TerminalSize, using generator: inout SeededGenerator) -> Key {
        if Int.random(in: 0..<50, using: &generator) == 0 {
            return .mouse(x: .random(in: 0..<max(1, size.width), using: &generator), y: .random(in: 0..<max(1, size.height), using: &generator))
        }
        return keys[Int.random(in: 0..<keys.count, using: &generator)]
    }
}
