import Foundation

extension CatalogDecoder {
    /// `localizations` with each name and description that repeats the last one built in
    /// the same locale, or a name that repeats `referenceName`, holding that string instead
    /// of a copy of its own. Large catalogs repeat text from product to product (the
    /// generated one's Japanese description, a tier's wording), and each repeat longer than
    /// 15 bytes was a heap string of its own: 80 bytes a product at 100,000.
    mutating func sharingText(_ localizations: [CatalogLocalization], referenceName: String) -> [CatalogLocalization] {
        var shared = localizations
        for index in shared.indices {
            if shared[index].displayName.hasSameBytes(as: referenceName) {
                shared[index].displayName = referenceName
            }
            if let earlier = lastLocalizations[shared[index].locale] {
                if earlier.displayName.hasSameBytes(as: shared[index].displayName) {
                    shared[index].displayName = earlier.displayName
                }
                if earlier.description.hasSameBytes(as: shared[index].description) {
                    shared[index].description = earlier.description
                }
            }
            // Kept small: a catalog has a few dozen locales, a broken one maybe thousands.
            if lastLocalizations.count < 64 || lastLocalizations[shared[index].locale] != nil {
                lastLocalizations[shared[index].locale] = shared[index]
            }
        }
        return shared
    }
}

extension String {
    /// Whether both are the same bytes: what sharing one's storage for the other needs
    /// (`==` also equates canonically equivalent text, which is not the text the file wrote).
    func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var (lhs, rhs) = (self, other)
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }
}
