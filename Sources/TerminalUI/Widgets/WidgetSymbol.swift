/// Symbols the store widgets draw beyond Core's `Glyph`, each with an ASCII fallback.
enum WidgetSymbol {
    case radioOn, radioOff, scrollThumb, dash, times

    var unicode: String {
        switch self {
        case .radioOn: "◉"
        case .radioOff: "○"
        case .scrollThumb: "█"
        case .dash: "—"
        case .times: "×"
        }
    }

    var ascii: String {
        switch self {
        case .radioOn: "(*)"
        case .radioOff: "( )"
        case .scrollThumb: "#"
        case .dash: "-"
        case .times: "x"
        }
    }
}

extension RenderOptions {
    func symbol(_ symbol: WidgetSymbol) -> String {
        ascii ? symbol.ascii : symbol.unicode
    }
}
