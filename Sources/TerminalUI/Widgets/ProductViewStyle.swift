/// How a `ProductView` (and each row of a `StoreView`) is drawn.
///
/// - `compact`: one line: status glyph, name, price, Buy. The most products per screen.
/// - `regular`: the name line, two lines of description, a blank line: 4 rows.
/// - `large`: a boxed card with the description and the offer terms: 7 rows.
/// - `automatic`: `regular` where there are at least 50 columns, `compact` below.
///
/// ```swift
/// StoreView(ids: tips).productViewStyle(.compact)
/// ```
public enum ProductViewStyle: Sendable, Hashable, CaseIterable {
    case automatic
    case compact
    case regular
    case large

    /// The style actually drawn in an area `width` columns wide: `automatic` resolved.
    ///
    /// ```swift
    /// ProductViewStyle.automatic.resolved(forWidth: 80)  // .regular
    /// ProductViewStyle.automatic.resolved(forWidth: 40)  // .compact
    /// ```
    public func resolved(forWidth width: Int) -> ProductViewStyle {
        guard self == .automatic else { return self }
        return width >= 50 ? .regular : .compact
    }

    /// Rows one product takes in this style (`automatic` counts as `regular`).
    ///
    /// ```swift
    /// ProductViewStyle.large.height  // 7
    /// ```
    public var height: Int {
        switch self {
        case .compact: 1
        case .regular, .automatic: 4
        case .large: 7
        }
    }
}
