import Foundation

extension CatalogDecoder {
    /// How many products one unit of a background build makes: the first page's products are
    /// in the first unit, so they are ready after a unit's time, not the whole catalog's.
    static let unitSize = 2_048

    /// A large catalog's products, built on every core in units, in catalog order, after this
    /// returns (see `ProductTable`): `labels` are what the outline read of them.
    func productsInBackground(
        _ document: StoreKitDocument, labels: (ids: [String], referenceNames: [String], groupSizes: [Int]), file: String
    ) throws(Node.Problem) -> ProductTable {
        var units: [ProductTable.Unit] = []
        var position = 0
        let decoder = self
        for (key, type) in [("products", nil), ("nonRenewingSubscriptions", .nonRenewable)] as [(String, CatalogProduct.ProductType?)] {
            var elements = try document.elements(key)
            while elements.count > 0 {
                let part: SharePart = (elements.split(first: Self.unitSize), type)
                units.append(ProductTable.Unit(positions: position..<(position + part.elements.count)) {
                    decoder.share { decoder throws(Node.Problem) in try decoder.products([part]) }.mapError { $0.catalogError(file: file) }
                })
                position += part.elements.count
            }
        }
        // Whole groups to a unit, as many as make a unit's worth of subscriptions.
        var groups = try document.elements("subscriptionGroups")
        var sizes = labels.groupSizes[...]
        while groups.count > 0 {
            var groupCount = 0, subscriptionCount = 0
            while groupCount < groups.count, subscriptionCount < Self.unitSize, let size = sizes.popFirst() {
                groupCount += 1
                subscriptionCount += size
            }
            let part = groups.split(first: max(groupCount, 1))
            units.append(ProductTable.Unit(positions: position..<(position + subscriptionCount)) {
                decoder.share { decoder throws(Node.Problem) in try decoder.subscriptionGroups(part) }.mapError { $0.catalogError(file: file) }
            })
            position += subscriptionCount
        }
        return ProductTable(
            file: file, ids: labels.ids, referenceNames: labels.referenceNames, units: units, warnings: warnings,
            workers: max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        ) { products, table, groups in
            decoder.productWarnings(products, index: table.index, ids: table.ids) + decoder.groupWarnings(groups)
        }
    }
}
