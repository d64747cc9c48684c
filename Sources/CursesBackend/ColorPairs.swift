import CNcursesw
import TerminalUI

/// Allocates ncurses colour pairs on first use, one per foreground/background
/// combination. Pair 0 is the terminal's default colours. When the terminal has fewer
/// pairs than combinations (64 on 8-colour terminals), later combinations fall back
/// to pair 0 rather than recolouring text already on screen.
struct ColorPairs {
    private struct Combination: Hashable {
        let foreground: Color
        let background: Color
    }

    private var pairs: [Combination: Int16] = [:]
    private let limit: Int
    /// Whether `use_default_colors` succeeded, so -1 means the user's own colours.
    private let hasDefaultColors: Bool

    /// Starts colour on the current screen.
    init() {
        start_color()
        hasDefaultColors = use_default_colors() != sf_err()
        limit = Int(min(sf_color_pairs(), Int32(Int16.max)))
    }

    mutating func pair(foreground: Color, background: Color) -> Int16 {
        guard foreground != .default || background != .default else { return 0 }
        let key = Combination(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        let next = Int16(pairs.count + 1)
        guard Int(next) < limit else { return 0 }
        init_pair(next, number(foreground, isBackground: false), number(background, isBackground: true))
        pairs[key] = next
        return next
    }

    private func number(_ color: Color, isBackground: Bool) -> Int16 {
        switch color {
        case .default: hasDefaultColors ? -1 : Int16(isBackground ? COLOR_BLACK : COLOR_WHITE)
        case .black: Int16(COLOR_BLACK)
        case .red: Int16(COLOR_RED)
        case .green: Int16(COLOR_GREEN)
        case .yellow: Int16(COLOR_YELLOW)
        case .blue: Int16(COLOR_BLUE)
        case .magenta: Int16(COLOR_MAGENTA)
        case .cyan: Int16(COLOR_CYAN)
        case .white: Int16(COLOR_WHITE)
        }
    }
}
