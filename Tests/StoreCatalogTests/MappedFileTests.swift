import Foundation
import StorefrontTestSupport
import Testing
@testable import StoreCatalog

/// Large catalog files are mapped and their pages given back as they are read: what a user
/// sees (products, warnings, errors with the file and the JSON path) is what reading gives.
@Suite struct MappedFileTests {
    /// Writes `text` to a file of its own, checking it is large enough to be mapped.
    private func largeFile(_ text: String, in folder: TemporaryDirectory) throws -> URL {
        let file = folder.url.appendingPathComponent("Large.storekit")
        try Data(text.utf8).write(to: file)
        #expect(text.utf8.count >= MappedFile.minimumSize, "large enough to be mapped")
        #expect(try MappedFile.map(file) != nil)
        return file
    }

    @Test func aMappedCatalogIsTheOneReadingGives() throws {
        let folder = try TemporaryDirectory()
        let json = CatalogGenerator(productCount: 4_000).storeKitJSON()
        let file = try largeFile(json, in: folder)
        let mapped = try CatalogLoader.load(contentsOf: file)
        #expect(mapped == (try Catalog(storeKitData: Data(json.utf8), file: file.relativePath)))
        #expect(mapped.products.count == 4_000)
        #expect(mapped.product(id: "com.example.generated.consumable.1")?.displayPrice == "$0.99")
        #expect(mapped.subscriptionGroups.count == 8)
    }

    @Test func anErrorNearTheEndNamesTheFileAndThePath() throws {
        let folder = try TemporaryDirectory()
        let good = #"{"displayPrice": "0.99", "productID": "pINDEX", "type": "Consumable", "localizations": [{"locale": "en_US", "displayName": "P", "description": "PADDING"}]}"#
            .replacingOccurrences(of: "PADDING", with: String(repeating: "a long description ", count: 30))
        var products = (0..<2_000).map { good.replacingOccurrences(of: "INDEX", with: String($0)) }
        products[1_998] = products[1_998].replacingOccurrences(of: #""locale": "en_US""#, with: #""locale": 7"#)
        let file = try largeFile(#"{"products": [\#(products.joined(separator: ",\n"))]}"#, in: folder)
        #expect(throws: CatalogError.malformed(
            file: file.relativePath, path: "products[1998].localizations[0].locale",
            message: "expected a string, found a number"
        )) { try CatalogLoader.load(contentsOf: file) }
    }

    @Test func aSyntaxErrorAtTheEndComesFirst() throws {
        let folder = try TemporaryDirectory()
        // The first product is bad too, but the syntax of the whole file is checked first.
        let json = CatalogGenerator(productCount: 4_000).storeKitJSON()
            .replacingOccurrences(of: #""type" : "Consumable""#, with: #""type" : "Gadget""#)
        let file = try largeFile(String(json.dropLast(2)), in: folder)  // the closing brace
        do {
            _ = try CatalogLoader.load(contentsOf: file)
            Issue.record("a truncated file was loaded")
        } catch {
            #expect(error.description.hasPrefix("\(file.relativePath): not valid JSON: line "))
        }
    }

    @Test func smallFilesAndPipesAreReadNotMapped() throws {
        let folder = try TemporaryDirectory()
        let small = folder.url.appendingPathComponent("Small.storekit")
        try Data(CatalogGenerator(productCount: 10).storeKitJSON().utf8).write(to: small)
        #expect(try MappedFile.map(small) == nil)
        #expect(try CatalogLoader.load(contentsOf: small).products.count == 10)
        let pipe = Pipe()
        #expect(try MappedFile.map(URL(fileURLWithPath: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")) == nil)
    }
}
