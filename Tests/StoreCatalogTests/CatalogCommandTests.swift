import Foundation
import Testing

/// `storefront catalog`, run as a real process: the binary at .build/debug/storefront.
@Suite struct CatalogCommandTests {
    struct Result {
        var status: Int32
        var output: String
        var error: String

        /// The output parsed as the `--json` object.
        func json() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        }
    }

    private static let binary = TestPaths.packageRoot.appendingPathComponent(".build/debug/storefront")

    private func storefront(_ arguments: String..., environment: [String: String] = [:]) throws -> Result {
        try storefront(arguments, environment: environment)
    }

    /// Runs `storefront arguments…`; `input`, when given, arrives on standard input through a pipe.
    private func storefront(_ arguments: [String], environment: [String: String] = [:], input: Data? = nil) throws -> Result {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path),
                     "build the tool first: swift build --product storefront")
        let temporary = try TemporaryDirectory()
        let outputFile = temporary.url.appendingPathComponent("stdout")
        let errorFile = temporary.url.appendingPathComponent("stderr")
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
            .filter { $0.key != "STOREFRONT_RESOURCES" }
            .merging(environment) { _, new in new }
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let pipe = Pipe()
        if input != nil { process.standardInput = pipe }
        try process.run()
        if let input {
            try pipe.fileHandleForWriting.write(contentsOf: input)
            try pipe.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: try String(contentsOf: outputFile, encoding: .utf8),
            error: try String(contentsOf: errorFile, encoding: .utf8)
        )
    }

    @Test("A catalog piped in is read like a file: /dev/stdin, or a shell's <(command)")
    func pipedCatalog() throws {
        let tipJar = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Resources/Catalogs/TipJar.storekit"))
        let result = try storefront(["catalog", "/dev/stdin"], input: tipJar)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("Storefront: GBR"))
    }

    @Test func jsonHasTheDocumentedShapeAndOrder() throws {
        let result = try storefront("catalog", "cheers", "--json")
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        #expect(result.output.hasPrefix(#"{"storefront":"JPN","currency":"JPY","locale":"ja_JP","products":[{"id":"com.example.cheers.sparkler","type":"consumable","displayName":"#))
        let json = try result.json()
        #expect(Set(json.keys) == ["storefront", "currency", "locale", "products", "groups", "warnings"])
        let products = try #require(json["products"] as? [[String: Any]])
        #expect(products.count == 7)
        let first = try #require(products.first)
        #expect(Set(first.keys) == ["id", "type", "displayName", "description", "price", "displayPrice",
                                    "groupID", "groupLevel", "period", "introOffer"])
        #expect(first["displayName"] as? String == "線香花火の応援")
        #expect(first["price"] as? String == "500")
        #expect(first["displayPrice"] as? String == "¥500")
        #expect(first["groupID"] is NSNull && first["introOffer"] is NSNull)
        #expect(products.map { $0["price"] as? String } == ["500", "1000", "3000", "5000", "10000", "30000", "50000"])
        #expect((json["groups"] as? [Any])?.isEmpty == true)
        #expect((json["warnings"] as? [Any])?.isEmpty == true)
    }

    @Test func namesAreCaseInsensitiveAndLocaleChoosesTexts() throws {
        let result = try storefront("catalog", "BackyardBirds", "--json", "--locale", "zh_Hans")
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["locale"] as? String == "zh_Hans")
        #expect(json["currency"] as? String == "USD")
        let products = try #require(json["products"] as? [[String: Any]])
        #expect(products.map { $0["type"] as? String } == Array(repeating: "consumable", count: 4)
                + Array(repeating: "nonConsumable", count: 3) + ["nonRenewing"] + Array(repeating: "autoRenewable", count: 6))
        #expect(products.first?["displayName"] as? String == "葵花籽仁")
        #expect(products.first?["price"] as? String == "0.99")

        let grove = try #require(products.first { $0["id"] as? String == "com.example.backyardbirds.pass.grove.monthly" })
        #expect(grove["groupLevel"] as? Int == 2)
        #expect(grove["period"] as? String == "P1M")
        let intro = try #require(grove["introOffer"] as? [String: Any])
        #expect(intro["paymentMode"] as? String == "payAsYouGo")
        #expect(intro["periods"] as? Int == 3)
        #expect(intro["displayPrice"] as? String == "$2.99")

        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.first?["name"] as? String == "后院鸟类通行证")
        #expect((groups.first?["productIDs"] as? [String])?.count == 6)
        #expect(grove["groupID"] as? String == groups.first?["id"] as? String)

        #expect(try storefront("catalog", "TIPJAR").status == 0)
    }

    @Test func summaryNamesStorefrontCountsGroupsLocalesAndWarnings() throws {
        let tipJar = try storefront("catalog", "tipjar")
        #expect(tipJar.status == 0)
        for line in ["Storefront: GBR (prices in GBP, formatted for en_GB)", "Products: 5 (5 consumable)",
                     "Subscription groups: none", "Locales: en_GB", "Warnings: none"] {
            #expect(tipJar.output.contains(line), "missing \(line)")
        }
        let birds = try storefront("catalog", "backyardbirds", "--locale", "ja")
        #expect(birds.output.contains("Products: 14 (4 consumable, 3 non-consumable, 1 non-renewing, 6 auto-renewable)"))
        #expect(birds.output.contains("裏庭の鳥パス"))
        #expect(birds.output.contains("level 3: 草原（月額）, $2.99 every month, intro free for 1 week"))
    }

    @Test func signingKeyIsWarnedAboutButNeverPrinted() throws {
        let file = TestPaths.corpusFile("russell-archer__StoreHelper__SampleProducts.storekit")
        let text = try String(contentsOf: file, encoding: .utf8)
        let keyLine = try #require(text.split(separator: "\n").first { $0.contains("\"privateKey\"") })
        let key = keyLine.split(separator: "\"")[3]
        for arguments in [["catalog", file.path], ["catalog", file.path, "--json"]] {
            let result = try storefront(arguments)
            #expect(result.status == 0)
            #expect(result.output.contains("contains a signing key (not shown)"))
            #expect(!result.output.contains(key.prefix(20)) && !result.error.contains(key.prefix(20)))
        }
    }

    @Test(arguments: TestPaths.corpusFileNames)
    func everyCorpusFileLoadsFromTheCommandLine(name: String) throws {
        let result = try storefront("catalog", TestPaths.corpusFile(name).path, "--json")
        #expect(result.status == 0, "\(name): \(result.error)")
        #expect(try result.json()["products"] is [Any])
    }

    @Test func packageFolderLoads() throws {
        let temporary = try TemporaryDirectory()
        let package = temporary.url.appendingPathComponent("Tips.storekit")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            at: TestPaths.corpusFile("tyamada__MihirakiPDFViewer__Products.storekit_Configuration.storekit"),
            to: package.appendingPathComponent("Configuration.storekit"))
        let result = try storefront("catalog", package.path, "--json", "--locale", "ko")
        #expect(result.status == 0)
        let products = try #require(try result.json()["products"] as? [[String: Any]])
        #expect(products.map { $0["displayName"] as? String } == ["던전 100엔", "던전 500엔", "던전 1000엔"])
    }

    @Test func missingFileExits66WithOneLine() throws {
        let result = try storefront("catalog", "/nonexistent/Shop.storekit")
        #expect(result.status == 66)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("storefront: /nonexistent/Shop.storekit: "))
        #expect(result.error.split(separator: "\n").count == 1)

        let unknownName = try storefront("catalog", "lemonade")
        #expect(unknownName.status == 66)
        #expect(unknownName.error.contains("backyardbirds, cheers, tipjar"))
    }

    @Test func malformedFilesExit65NamingFileAndPath() throws {
        let temporary = try TemporaryDirectory()
        let wrongType = temporary.url.appendingPathComponent("Wrong.storekit")
        try #"{"products": [{"productID": "a", "type": "Consumable", "displayPrice": 0.99}]}"#
            .write(to: wrongType, atomically: true, encoding: .utf8)
        let result = try storefront("catalog", wrongType.path)
        #expect(result.status == 65)
        #expect(result.error == "storefront: \(wrongType.path): products[0].displayPrice: expected a string, found a number\n")

        let garbage = temporary.url.appendingPathComponent("Garbage.storekit")
        try Data((0..<256).map { UInt8($0) }.reversed()).write(to: garbage)
        let garbageResult = try storefront("catalog", garbage.path, "--json")
        #expect(garbageResult.status == 65)
        #expect(garbageResult.output.isEmpty)
        #expect(garbageResult.error.contains(garbage.path))
        #expect(garbageResult.error.split(separator: "\n").count == 1)
    }

    @Test func generatedCatalogsRoundTripThroughTheCommand() throws {
        let generated = try storefront("catalog", "--generate", "25")
        #expect(generated.status == 0)
        let temporary = try TemporaryDirectory()
        let file = temporary.url.appendingPathComponent("Generated.storekit")
        try generated.output.write(to: file, atomically: true, encoding: .utf8)
        let loaded = try storefront("catalog", file.path, "--json")
        #expect(loaded.status == 0)
        let json = try loaded.json()
        #expect((json["products"] as? [Any])?.count == 25)
        #expect((json["groups"] as? [Any])?.isEmpty == false)
    }

    @Test func resourcesFolderComesFromTheEnvironment() throws {
        let temporary = try TemporaryDirectory()
        let catalogs = temporary.url.appendingPathComponent("Catalogs")
        try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.corpusFile("Kanunnikoff__Kamyal-iOS__Store.storekit"),
            to: catalogs.appendingPathComponent("Kopilka.storekit"))
        let environment = ["STOREFRONT_RESOURCES": temporary.url.path]
        let custom = try storefront("catalog", "kopilka", "--json", environment: environment)
        #expect(custom.status == 0)
        #expect(try custom.json()["currency"] as? String == "RUB")
        // The bundled catalogs are not consulted when the environment names another folder.
        #expect(try storefront("catalog", "cheers", environment: environment).status == 66)
    }

    @Test func usageErrorsExit64() throws {
        #expect(try storefront("catalog").status == 64)
        #expect(try storefront("catalog", "cheers", "--generate", "3").status == 64)
        #expect(try storefront("catalog", "--generate", "-1").status == 64)
    }

    @Test("A layout derived from a file name splits words where a reader would: Kamyal iOS, PDF Viewer, StoreKit")
    func titlesFromFileNames() throws {
        let cases = [
            ("Kanunnikoff__Kamyal-iOS__Store.storekit", " Kanunnikoff Kamyal iOS Store"),
            ("tyamada__MihirakiPDFViewer__Products.storekit_Configuration.storekit", " tyamada Mihiraki PDF Viewer Products"),
            ("KokiHirokawa__LearningStoreKit__Configuration.storekit", " Koki Hirokawa Learning StoreKit Configuration"),
        ]
        for (file, title) in cases {
            let shown = try storefront("snapshot", "--catalog", TestPaths.corpusFile(file).path)
            #expect(shown.status == 0)
            #expect(shown.output.hasPrefix(title), "\(shown.output.prefix(80))")
        }
    }

}
