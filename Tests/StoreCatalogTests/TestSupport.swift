import Foundation
@testable import StoreCatalog
import StorefrontTestSupport

func loadCorpus(_ name: String) throws -> Catalog {
    try CatalogLoader.load(contentsOf: PackagePaths.corpusFile(name))
}

/// Decodes JSON text written inline in a test.
func decode(_ json: String, file: String = "Inline.storekit") throws(CatalogError) -> Catalog {
    try Catalog(storeKitData: Data(json.utf8), file: file)
}
