// Checks that Package.swift tells the truth: every module a target imports is one it
// declares, and every target or product it declares is imported somewhere in it.
// Usage: swift package dump-package | swift .ci/check-imports.swift
import Foundation

struct Manifest: Decodable {
    struct Target: Decodable {
        let name: String
        let type: String
        let path: String?
        let dependencies: [[String: [AnyValue]]]
    }
    let targets: [Target]
}

/// A JSON value we only look at when it is a string.
struct AnyValue: Decodable {
    let string: String?
    init(from decoder: any Decoder) throws {
        string = try? decoder.singleValueContainer().decode(String.self)
    }
}

let data = FileHandle.standardInput.readDataToEndOfFile()
let manifest = try JSONDecoder().decode(Manifest.self, from: data)
// Modules every Swift target may import without declaring them.
let platform: Set<String> = ["Foundation", "Glibc", "Darwin", "Dispatch", "Testing", "XCTest", "Synchronization", "_Concurrency", "FoundationNetworking"]
var problems: [String] = []
for target in manifest.targets where target.type != "system" {
    let declared = Set(target.dependencies.compactMap { $0.values.first?.first?.string })
    let folder = target.path ?? (target.type == "test" ? "Tests/\(target.name)" : "Sources/\(target.name)")
    var imported: Set<String> = []
    let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    for file in files {
        let text = (try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
            if let module = line.split(separator: " ").last { imported.insert(String(module)) }
        }
    }
    for module in imported.subtracting(declared).subtracting(platform).sorted() {
        problems.append("\(target.name) imports \(module) but does not declare it")
    }
    for module in declared.subtracting(imported).sorted() {
        problems.append("\(target.name) declares \(module) but never imports it")
    }
}
if problems.isEmpty {
    print("Package.swift: every target declares what it imports, and imports what it declares")
} else {
    problems.forEach { print($0) }
    exit(1)
}
