// Shared by the fuzz test and the libFuzzer target (Fuzz/run.sh compiles this file together
// with the StoreCatalog sources into one module, where there is nothing to import).
#if canImport(StoreCatalog)
import StoreCatalog
#endif

extension Catalog {
    /// Reads what the tool reads from a loaded catalog: every text in every locale, the picker
    /// order of every group, every price formatted. A crash here counts as a parser crash.
    func readEverything() {
        for locale in [nil] + locales {
            for product in products {
                _ = localizedText(for: product, locale: locale)
            }
            for group in subscriptionGroups {
                _ = localizedText(for: group, locale: locale)
                _ = subscriptions(in: group)
            }
        }
        for product in products {
            _ = priceFormatter.displayPrice(product.price)
        }
    }
}
