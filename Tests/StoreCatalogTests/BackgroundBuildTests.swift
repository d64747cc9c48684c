import Foundation
import StorefrontTestSupport
import Testing
@testable import StoreCatalog

/// A large catalog loaded with `buildingInBackground` is returned before its products are
/// built: every read right after must answer as the catalog built whole does (the last
/// product found by ID, the counts, the warnings, the first error in file order), and every
/// product's ID and reference name are there without waiting.
@Suite struct BackgroundBuildTests {
    /// Products enough for the background build (it counts every product).
    private let count = Self.count
    private static let count = CatalogDecoder.sharedWorkThreshold + 5
    /// Generated once for the suite: each test edits its own copy.
    private static let generated = CatalogGenerator(productCount: count).storeKitJSON()

    /// `CatalogGenerator`'s file of `count` products, with `edit` applied to its text.
    private func file(in folder: TemporaryDirectory, _ edit: (String) -> String = { $0 }) throws -> URL {
        let url = folder.url.appendingPathComponent("Big.storekit")
        try Data(edit(Self.generated).utf8).write(to: url)
        return url
    }

    @Test func everyReadRightAfterLoadingAnswersAsTheWholeCatalog() async throws {
        let folder = try TemporaryDirectory()
        let url = try file(in: folder)
        let whole = try CatalogLoader.load(contentsOf: url)
        let last = try #require(whole.products.last)
        let lastConsumable = try #require(whole.products.last { $0.type == .consumable })

        let building = try CatalogLoader.load(contentsOf: url, buildingInBackground: true)
        // Returned after the outline: 20,000 products take far longer than this line to build.
        #expect(!building.isBuilt)
        #expect(building.product(id: lastConsumable.id) == lastConsumable)
        #expect(building.product(id: last.id) == last)
        #expect(building.productPosition(id: last.id) == whole.products.count - 1)
        #expect(building.product(id: "com.example.not.there") == nil)
        #expect(building.product(at: whole.products.count) == nil)
        #expect(building.products.count == count)
        #expect(building.products == whole.products)
        #expect(building.subscriptionGroups == whole.subscriptionGroups)
        #expect(building.warnings == whole.warnings)
        #expect(building == whole)
        try await building.built()
        #expect(building.isBuilt)
    }

    /// The number in the last consumable's ID (the generator's products 1 to 4 of each ten are).
    private var lastConsumable: Int { (0..<count).last { $0 % 10 < 4 }! + 1 }

    @Test func theFirstOfARepeatedIDIsFoundAndWarnedOf() async throws {
        let folder = try TemporaryDirectory()
        // The last consumable takes the first one's ID.
        let url = try file(in: folder) {
            $0.replacingOccurrences(of: "consumable.\(lastConsumable)\"", with: "consumable.1\"")
        }
        let whole = try CatalogLoader.load(contentsOf: url)
        let building = try CatalogLoader.load(contentsOf: url, buildingInBackground: true)
        #expect(building.productPosition(id: "com.example.generated.consumable.1") == 0)
        #expect(building.warnings.contains(.duplicateProductID("com.example.generated.consumable.1")))
        #expect(building.warnings == whole.warnings)
    }

    /// What loading `url` whole throws, if anything.
    private func wholeLoadError(_ url: URL) -> CatalogError? {
        do {
            _ = try CatalogLoader.load(contentsOf: url)
            return nil
        } catch {
            return error
        }
    }

    @Test func aBadProductNearTheEndFailsTheBuildWithTheErrorLoadingGives() async throws {
        let folder = try TemporaryDirectory()
        let url = try file(in: folder) {
            $0.replacingOccurrences(of: "\"com.example.generated.consumable.\(lastConsumable)\"", with: "7")
        }
        let error = try #require(wholeLoadError(url))
        let building = try CatalogLoader.load(contentsOf: url, buildingInBackground: true)
        #expect(building.product(id: "com.example.generated.consumable.1") != nil)
        await #expect(throws: error) { try await building.built() }
        #expect(building.isBuilt)
    }

    @Test func smallCatalogsAreBuiltBeforeLoadingReturns() throws {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("Small.storekit")
        try Data(CatalogGenerator(productCount: 100).storeKitJSON().utf8).write(to: url)
        #expect(try CatalogLoader.load(contentsOf: url, buildingInBackground: true).isBuilt)
    }

    @Test func idsAndReferenceNamesAreThereBeforeTheProducts() async throws {
        let folder = try TemporaryDirectory()
        let url = try file(in: folder)
        let whole = try CatalogLoader.load(contentsOf: url)
        let building = try CatalogLoader.load(contentsOf: url, buildingInBackground: true)
        #expect(building.productCount == whole.products.count)
        #expect((0..<building.productCount).map(building.productID(at:)) == whole.products.map(\.id))
        #expect((0..<building.productCount).map(building.referenceName(at:)) == whole.products.map(\.referenceName))
        try await building.built()
    }

    /// Keys written with escapes, members in any order, and a reference name that is not
    /// there: the outline reads each product's ID as the decoder does.
    @Test func idsAreReadHoweverTheFileWritesThem() async throws {
        let folder = try TemporaryDirectory()
        let url = try file(in: folder) {
            $0.replacingOccurrences(of: "\"productID\" : \"com.example.generated.consumable.1\"", with: "\"product\\u0049D\" : \"com.example.generated.consumable.1\"")
                .replacingOccurrences(of: "\"referenceName\" : \"Coin Pack 2\",", with: "")
        }
        let whole = try CatalogLoader.load(contentsOf: url)
        #expect(whole.products[1].referenceName == "")
        let building = try CatalogLoader.load(contentsOf: url, buildingInBackground: true)
        #expect(building.productPosition(id: "com.example.generated.consumable.1") == 0)
        #expect(building.referenceName(at: 1) == "")
        #expect(building.products == whole.products)
    }

    @Test func anElementThatIsNotAnObjectKeepsEveryOtherProductInItsPlace() async throws {
        let folder = try TemporaryDirectory()
        let url = try file(in: folder) { $0.replacingOccurrences(of: "\"products\" : [", with: "\"products\" : [7, ") }
        let error = try #require(wholeLoadError(url))
        let building = try CatalogLoader.load(contentsOf: url, buildingInBackground: true)
        #expect(building.productPosition(id: "com.example.generated.consumable.1") == 1)
        await #expect(throws: error) { try await building.built() }
    }
}
