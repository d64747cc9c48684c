import Foundation
import StorefrontTestSupport
import Testing

/// `storefront catalog`, run as a real process.
@Suite struct CatalogCommandTests {
    private func storefront(_ arguments: String..., environment: [String: String?] = [:]) async throws -> ChildProcess.Output {
        try await storefront(arguments, environment: environment)
    }

    private func storefront(_ arguments: [String], environment: [String: String?] = [:]) async throws -> ChildProcess.Output {
        try await StorefrontCommand.run(arguments, environment: environment)
    }

    @Test("A catalog piped in is read like a file: /dev/stdin, or a shell's <(command)")
    func pipedCatalog() async throws {
        let tipJar = try Data(contentsOf: PackagePaths.catalog("TipJar"))
        let result = try await StorefrontCommand.run(["catalog", "/dev/stdin"], stdin: tipJar)  // through a pipe
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Storefront: GBR"))
    }

    @Test func jsonHasTheDocumentedShapeAndOrder() async throws {
        let result = try await storefront("catalog", "cheers", "--json")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix(#"{"storefront":"JPN","currency":"JPY","locale":"ja_JP","products":[{"id":"com.example.cheers.sparkler","type":"consumable","displayName":"#))
        let json = try result.object()
        #expect(Set(json.keys) == ["storefront", "currency", "locale", "products", "groups", "warnings"])
        let products = try #require(json["products"] as? [[String: Any]])
        #expect(products.count == 7)
        let first = try #require(products.first)
        #expect(Set(first.keys) == ["id", "type", "displayName", "description", "price", "displayPrice",
                                    "groupID", "groupLevel", "period", "introOffer", "winBackOffers"])
        #expect(first["displayName"] as? String == "線香花火の応援")
        #expect(first["price"] as? String == "500")
        #expect(first["displayPrice"] as? String == "¥500")
        #expect(first["groupID"] is NSNull && first["introOffer"] is NSNull)
        #expect(products.map { $0["price"] as? String } == ["500", "1000", "3000", "5000", "10000", "30000", "50000"])
        #expect((json["groups"] as? [Any])?.isEmpty == true)
        #expect((json["warnings"] as? [Any])?.isEmpty == true)
    }

    @Test func namesAreCaseInsensitiveAndLocaleChoosesTexts() async throws {
        let result = try await storefront("catalog", "BackyardBirds", "--json", "--locale", "zh_Hans")
        #expect(result.status == 0)
        let json = try result.object()
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
        let winBack = try #require((grove["winBackOffers"] as? [[String: Any]])?.first)
        #expect(winBack["id"] as? String == "com.example.backyardbirds.pass.grove.welcomeback")
        #expect(winBack["paymentMode"] as? String == "freeTrial" && winBack["period"] as? String == "P1M")
        #expect((products.first?["winBackOffers"] as? [Any])?.isEmpty == true, "a consumable has none")

        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.first?["name"] as? String == "后院鸟类通行证")
        #expect((groups.first?["productIDs"] as? [String])?.count == 6)
        #expect(grove["groupID"] as? String == groups.first?["id"] as? String)

        #expect(try await storefront("catalog", "TIPJAR").status == 0)
    }

    @Test func summaryNamesStorefrontCountsGroupsLocalesAndWarnings() async throws {
        let tipJar = try await storefront("catalog", "tipjar")
        #expect(tipJar.status == 0)
        for line in ["Storefront: GBR (prices in GBP, formatted for en_GB)", "Products: 5 (5 consumable)",
                     "Subscription groups: none", "Locales: en_GB", "Warnings: none"] {
            #expect(tipJar.stdout.contains(line), "missing \(line)")
        }
        let birds = try await storefront("catalog", "backyardbirds", "--locale", "ja")
        #expect(birds.stdout.contains("Products: 14 (4 consumable, 3 non-consumable, 1 non-renewing, 6 auto-renewable)"))
        #expect(birds.stdout.contains("裏庭の鳥パス"))
        #expect(birds.stdout.contains("level 3: 草原（月額）, $2.99 every month, intro free for 1 week"))
        #expect(birds.stdout.contains(
            "木立（月額）, $5.99 every month, intro $2.99 every month × 3, win-back com.example.backyardbirds.pass.grove.welcomeback: free for 1 month"
        ), "the win-back offer, by the ID buy --win-back takes")
    }

    @Test func signingKeyIsWarnedAboutButNeverPrinted() async throws {
        let file = PackagePaths.corpusFile("russell-archer__StoreHelper__SampleProducts.storekit")
        let text = try String(contentsOf: file, encoding: .utf8)
        let keyLine = try #require(text.split(separator: "\n").first { $0.contains("\"privateKey\"") })
        let key = keyLine.split(separator: "\"")[3]
        for arguments in [["catalog", file.path], ["catalog", file.path, "--json"]] {
            let result = try await storefront(arguments)
            #expect(result.status == 0)
            #expect(result.stdout.contains("contains a signing key (not shown)"))
            #expect(!result.stdout.contains(key.prefix(20)) && !result.stderr.contains(key.prefix(20)))
        }
    }

    @Test(arguments: PackagePaths.corpusFileNames)
    func everyCorpusFileLoadsFromTheCommandLine(name: String) async throws {
        let result = try await storefront("catalog", PackagePaths.corpusFile(name).path, "--json")
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(try result.object()["products"] is [Any])
    }

    @Test func packageFolderLoads() async throws {
        let temporary = try TemporaryDirectory()
        let package = temporary.url.appendingPathComponent("Tips.storekit")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            at: PackagePaths.corpusFile("tyamada__MihirakiPDFViewer__Products.storekit_Configuration.storekit"),
            to: package.appendingPathComponent("Configuration.storekit"))
        let result = try await storefront("catalog", package.path, "--json", "--locale", "ko")
        #expect(result.status == 0)
        let products = try #require(try result.object()["products"] as? [[String: Any]])
        #expect(products.map { $0["displayName"] as? String } == ["던전 100엔", "던전 500엔", "던전 1000엔"])
    }

    @Test func missingFileExits66WithOneLine() async throws {
        let result = try await storefront("catalog", "/nonexistent/Shop.storekit")
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("storefront: /nonexistent/Shop.storekit: "))
        #expect(result.stderr.split(separator: "\n").count == 1)

        let unknownName = try await storefront("catalog", "lemonade")
        #expect(unknownName.status == 66)
        #expect(unknownName.stderr.contains("backyardbirds, cheers, tipjar"))
    }

    @Test func malformedFilesExit65NamingFileAndPath() async throws {
        let temporary = try TemporaryDirectory()
        let wrongType = temporary.url.appendingPathComponent("Wrong.storekit")
        try #"{"products": [{"productID": "a", "type": "Consumable", "displayPrice": 0.99}]}"#
            .write(to: wrongType, atomically: true, encoding: .utf8)
        let result = try await storefront("catalog", wrongType.path)
        #expect(result.status == 65)
        #expect(result.stderr == "storefront: \(wrongType.path): products[0].displayPrice: expected a string, found a number\n")

        let garbage = temporary.url.appendingPathComponent("Garbage.storekit")
        try Data((0..<256).map { UInt8($0) }.reversed()).write(to: garbage)
        let garbageResult = try await storefront("catalog", garbage.path, "--json")
        #expect(garbageResult.status == 65)
        #expect(garbageResult.stdout.isEmpty)
        #expect(garbageResult.stderr.contains(garbage.path))
        #expect(garbageResult.stderr.split(separator: "\n").count == 1)
    }

    @Test func generatedCatalogsRoundTripThroughTheCommand() async throws {
        let generated = try await storefront("catalog", "--generate", "25")
        #expect(generated.status == 0)
        let temporary = try TemporaryDirectory()
        let file = temporary.url.appendingPathComponent("Generated.storekit")
        try generated.stdout.write(to: file, atomically: true, encoding: .utf8)
        let loaded = try await storefront("catalog", file.path, "--json")
        #expect(loaded.status == 0)
        let json = try loaded.object()
        #expect((json["products"] as? [Any])?.count == 25)
        #expect((json["groups"] as? [Any])?.isEmpty == false)
    }

    @Test func resourcesFolderComesFromTheEnvironment() async throws {
        let temporary = try TemporaryDirectory()
        let catalogs = temporary.url.appendingPathComponent("Catalogs")
        try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: PackagePaths.corpusFile("Kanunnikoff__Kamyal-iOS__Store.storekit"),
            to: catalogs.appendingPathComponent("Kopilka.storekit"))
        let environment: [String: String?] = ["STOREFRONT_RESOURCES": temporary.url.path]
        let custom = try await storefront("catalog", "kopilka", "--json", environment: environment)
        #expect(custom.status == 0)
        #expect(try custom.object()["currency"] as? String == "RUB")
        // The bundled catalogs are not consulted when the environment names another folder.
        #expect(try await storefront("catalog", "cheers", environment: environment).status == 66)
    }

    @Test func usageErrorsExit64() async throws {
        #expect(try await storefront("catalog").status == 64)
        #expect(try await storefront("catalog", "cheers", "--generate", "3").status == 64)
        #expect(try await storefront("catalog", "--generate", "-1").status == 64)
    }

    @Test("A layout derived from a file name splits words where a reader would: Kamyal iOS, PDF Viewer, StoreKit")
    func titlesFromFileNames() async throws {
        let cases = [
            ("Kanunnikoff__Kamyal-iOS__Store.storekit", " Kanunnikoff Kamyal iOS Store"),
            ("tyamada__MihirakiPDFViewer__Products.storekit_Configuration.storekit", " tyamada Mihiraki PDF Viewer Products"),
            ("KokiHirokawa__LearningStoreKit__Configuration.storekit", " Koki Hirokawa Learning StoreKit Configuration"),
        ]
        for (file, title) in cases {
            let shown = try await storefront("snapshot", "--catalog", PackagePaths.corpusFile(file).path)
            #expect(shown.status == 0)
            #expect(shown.stdout.hasPrefix(title), "\(shown.stdout.prefix(80))")
        }
    }

}
