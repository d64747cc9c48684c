import Foundation
import StorefrontTestSupport
import Testing
@testable import StoreCatalog

/// Item 1 of the reliability issue: damaged catalogs never crash or hang the parser; each one
/// loads, or fails with a `CatalogError` that names the file.
@Suite(.reliabilityRun) struct CatalogFuzzTests {
    /// At least 10,000, as the issue asks; `RELIABILITY_FUZZ_INPUTS` raises it for a longer soak.
    static let inputCount = ProcessInfo.processInfo.environment["RELIABILITY_FUZZ_INPUTS"].flatMap(Int.init) ?? 10_000

    static func seeds() throws -> [CatalogMutation.Seed] {
        let seeds = try ReliabilityPaths.seedCatalogs.map(CatalogMutation.Seed.init)
        try #require(seeds.count >= 20, "expected the corpus at \(PackagePaths.corpus.path) and Resources/Catalogs")
        return seeds
    }

    @Test func everyMutationOfEverySeedLoadsOrNamesTheFile() throws {
        let seeds = try Self.seeds()
        var random = SeededGenerator(seed: 0x5EED_CA7A)
        var tried: [CatalogMutation: Int] = [:]
        var loaded: [CatalogMutation: Int] = [:]
        var slowest = Duration.zero
        for index in 0..<Self.inputCount {
            // Every seed meets every mutation about equally often.
            let seed = seeds[index % seeds.count]
            let mutation = CatalogMutation.allCases[(index / seeds.count) % CatalogMutation.allCases.count]
            let bytes = mutation.apply(to: seed, using: &random)
            let file = "\(mutation.rawValue)-\(index)-\(seed.name)"
            let start = ContinuousClock.now
            do {
                let catalog = try Catalog(storeKitData: Data(bytes), file: file)
                catalog.readEverything()
                loaded[mutation, default: 0] += 1
            } catch {
                #expect(error.file == file && error.description.hasPrefix("\(file): "))
            }
            slowest = max(slowest, ContinuousClock.now - start)
            tried[mutation, default: 0] += 1
        }
        let total = tried.values.reduce(0, +)
        #expect(total >= 10_000)
        #expect(Set(tried.keys) == Set(CatalogMutation.allCases))
        // A hang shows as one input taking far longer than the slowest honest one: a 1 MB locale
        // ID matched against every product in every locale takes a few seconds in a debug build.
        #expect(slowest < .seconds(60), "slowest input took \(slowest)")
        print("catalog fuzz: \(total) inputs from \(seeds.count) seeds, survived \(total); loaded \(loaded.values.reduce(0, +)), "
              + "the rest rejected naming the file; slowest \(slowest). Per mutation (tried/loaded): "
              + CatalogMutation.allCases.map { "\($0.rawValue) \(tried[$0] ?? 0)/\(loaded[$0] ?? 0)" }.joined(separator: ", "))
    }

    /// The tool on damaged files: every mutation of every other seed, as a real process.
    @Test func theToolExitsZeroOrSixtyFiveNamingTheFile() async throws {
        let seeds = try Self.seeds()
        let scratch = try ScratchDirectory("catalog-cli")
        var random = SeededGenerator(seed: 0xC11)
        var tried = 0
        var statuses: [Int32: Int] = [:]
        for (kindIndex, mutation) in CatalogMutation.allCases.enumerated() {
            for (seedIndex, seed) in seeds.enumerated() where (kindIndex + seedIndex) % 2 == 0 {
                let path = scratch.path("\(mutation.rawValue)-\(seed.name)")
                try Data(mutation.apply(to: seed, using: &random)).write(to: URL(fileURLWithPath: path))
                let result = try await StorefrontCommand.run(["catalog", path], home: scratch.url, label: "catalog-fuzz")
                tried += 1
                statuses[result.status ?? -1, default: 0] += 1
                switch result.status {
                case 0:
                    #expect(result.stdout.contains("Products: "), "\(path): no summary")
                case 65:
                    #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("storefront: \(path): "),
                            "\(path): \(result.stderr.prefix(300))")
                default:
                    Issue.record("\(path): exit \(result.status.map(String.init) ?? "signal \(result.signal ?? 0)"): \(result.stderr.prefix(300))")
                }
            }
        }
        print("catalog fuzz through the tool: \(tried) damaged files, \(statuses[0] ?? 0) exit 0, \(statuses[65] ?? 0) exit 65 naming the file, "
              + "\(tried - (statuses[0] ?? 0) - (statuses[65] ?? 0)) other")
    }

    /// Ten thousand levels of nesting in every format the loader reads: a clear error, not a
    /// stack overflow.
    @Test(arguments: ["json-arrays", "json-objects", "xml-plist", "binary-plist"])
    func tenThousandLevelsOfNestingAreRejected(format: String) throws {
        let depth = 10_000
        let bytes: [UInt8] = switch format {
        case "json-arrays": Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        case "json-objects": Array((String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)).utf8)
        case "xml-plist":
            Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">"
                + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>").utf8)
        default: Self.deepBinaryPropertyList(depth: depth)
        }
        let file = "deep-\(format).storekit"
        do {
            _ = try Catalog(storeKitData: Data(bytes), file: file)
            Issue.record("\(depth) levels of nesting were accepted")
        } catch {
            #expect(error.description.hasPrefix("\(file): "))
        }
    }

    /// A binary property list of `depth` nested one-element arrays, written by hand because
    /// Foundation's writer recurses: object n is an array holding a 2-byte reference to n + 1.
    private static func deepBinaryPropertyList(depth: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for index in 0..<depth {
            offsets.append(bytes.count)
            if index == depth - 1 {
                bytes.append(0x10)  // the innermost object: the integer 0
                bytes.append(0x00)
            } else {
                bytes.append(0xA1)  // an array of one reference
                bytes.append(UInt8((index + 1) >> 8))
                bytes.append(UInt8((index + 1) & 0xFF))
            }
        }
        let tableOffset = bytes.count
        for offset in offsets {
            bytes.append(contentsOf: [UInt8((offset >> 16) & 0xFF), UInt8((offset >> 8) & 0xFF), UInt8(offset & 0xFF)])
        }
        var trailer = [UInt8](repeating: 0, count: 6)
        trailer += [3, 2]  // offset size, reference size
        trailer += withUnsafeBytes(of: UInt64(depth).bigEndian, Array.init)
        trailer += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
        trailer += withUnsafeBytes(of: UInt64(tableOffset).bigEndian, Array.init)
        return bytes + trailer
    }
}
