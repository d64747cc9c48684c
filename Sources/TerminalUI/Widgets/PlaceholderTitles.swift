import StorefrontModel

/// What to call products before they load, or when the storefront does not sell them:
/// titles given by ID, then a lookup asked when a row is drawn (a catalog's names). Only the
/// rows on screen are asked, so a shop of 100,000 products holds no copy of their names.
///
/// ```swift
/// let given: PlaceholderTitles = ["food.nyjer": "Nyjer Seed"]
/// let looked = PlaceholderTitles(lookUp: { id in id == "food.suet" ? "Suet Cake" : nil })
/// (given["food.nyjer"], looked["food.suet"], looked["food.other"])  // ("Nyjer Seed", "Suet Cake", nil)
/// ```
public struct PlaceholderTitles: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    private var given: [Product.ID: String]
    private var lookUp: LookUp?

    public init(_ given: [Product.ID: String] = [:], lookUp: (@Sendable (Product.ID) -> String?)? = nil) {
        self.given = given
        self.lookUp = lookUp.map(LookUp.init)
    }

    public init(dictionaryLiteral elements: (Product.ID, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The title given for `id`, else the lookup's, else nil.
    public subscript(id: Product.ID) -> String? {
        given[id] ?? lookUp?.title(id)
    }

    /// A lookup is the same only as itself: two are never compared by what they answer.
    private final class LookUp: Sendable, Hashable {
        let title: @Sendable (Product.ID) -> String?

        init(_ title: @escaping @Sendable (Product.ID) -> String?) {
            self.title = title
        }

        static func == (lhs: LookUp, rhs: LookUp) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
}
