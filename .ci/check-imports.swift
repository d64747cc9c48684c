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
let platform: Set<String> = ["Foundation", "Glibc", "Darwin", "Dispatch", "Testing", "XCTest", "Synchronization", "_Concurrency", "FoundationNetworking", "PackagePlugin"]
var problems: [String] = []
for target in manifest.targets where target.type != "system" {
    let declared = Set(target.dependencies.compactMap { $0.values.first?.first?.string })
    let folder = target.path ?? ["test": "Tests", "plugin": "Plugins"][target.type, default: "Sources"] + "/\(target.name)"
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
// Every customer's session is one `storefront` process: nothing of the servers may be linked
// into it, not even through another target (`storefront serve` execs `storefront-serve`).
let servers: Set<String> = ["StorefrontSSH", "StoreServerAPI", "StoreServerHTTP", "NIOCore", "NIOPosix", "NIOSSH", "Hummingbird", "X509"]
let dependencies = Dictionary(manifest.targets.map { target in
    (target.name, target.dependencies.compactMap { $0.values.first?.first?.string })
}) { first, _ in first }
var linked: Set<String> = []
var unvisited = dependencies["storefront"] ?? []
while let next = unvisited.popLast() {
    if linked.insert(next).inserted { unvisited += dependencies[next] ?? [] }
}
for module in linked.intersection(servers).sorted() {
    problems.append("storefront links \(module), a server's: every SSH session would map it (serve belongs to storefront-serve)")
}
if problems.isEmpty {
    print("Package.swift: every target declares what it imports, and imports what it declares")
} else {
    problems.forEach { print($0) }
    exit(1)
}
