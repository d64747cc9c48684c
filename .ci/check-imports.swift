// Checks that Package.swift tells the truth: every module a target imports is one it
// declares, and every target or product it declares is imported somewhere in it. Then that
// ARCHITECTURE.md's module diagram does too (see `diagramArrows`).
// Usage: swift package dump-package | swift .ci/check-imports.swift [ARCHITECTURE.md]
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
/// Each target's imports, by target name.
var importsOf: [String: Set<String>] = [:]
for target in manifest.targets where target.type != "system" {
    let declared = Set(target.dependencies.compactMap { $0.values.first?.first?.string })
    let folder = target.path ?? ["test": "Tests", "plugin": "Plugins"][target.type, default: "Sources"] + "/\(target.name)"
    var imported: Set<String> = []
    let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    for file in files {
        let text = (try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") || line.hasPrefix("@_exported import ") {
            if let module = line.split(separator: " ").last { imported.insert(String(module)) }
        }
    }
    importsOf[target.name] = imported
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

// The module diagram: the first ``` block of ARCHITECTURE.md, a picture of module names
// joined by lines (─ │, corners └ ┘ ┌ ┐, junctions ├ ┤ ┬ ┴, crossings ┼) that end in an
// arrowhead, ▶ at the name (or comma-separated names) it points to, ▲ under it. A line leaves
// a name to its right (after any "(…)" note), to its left, or down from under it; names
// joined by ", " before a line all leave by it. ┆ and anything else end a line.
let modules = Set(manifest.targets.filter { !($0.path ?? "").hasPrefix("Tests") && ["regular", "executable", "system"].contains($0.type) }.map(\.name))

struct Name {
    let text: String
    let row: Int
    let columns: Range<Int>
}

/// The arrows drawn in `picture`, as (from, to) pairs, and what could not be read.
func diagramArrows(_ picture: [[Character]]) -> (arrows: Set<[String]>, unreadable: [String]) {
    func at(_ row: Int, _ column: Int) -> Character {
        picture.indices.contains(row) && picture[row].indices.contains(column) ? picture[row][column] : " "
    }
    // Names of targets, each with the names it is joined to by ", " on its row.
    var groups: [[Name]] = []
    for (row, line) in picture.enumerated() {
        var column = 0
        var group: [Name] = []
        while column < line.count {
            guard line[column].isLetter, column == 0 || !(line[column - 1].isLetter || line[column - 1] == "-") else {
                column += 1
                continue
            }
            var end = column
            while end < line.count, line[end].isLetter || line[end].isNumber || line[end] == "-" { end += 1 }
            let word = String(line[column..<end])
            if modules.contains(word) {
                let joined = group.last.map { String(line[$0.columns.upperBound..<column]) == ", " } ?? false
                if !joined, !group.isEmpty { groups.append(group); group = [] }
                group.append(Name(text: word, row: row, columns: column..<end))
            }
            column = end
        }
        if !group.isEmpty { groups.append(group) }
    }
    func group(at row: Int, from column: Int) -> [Name] {
        groups.first { $0[0].row == row && $0[0].columns.lowerBound == column } ?? []
    }
    var arrows: Set<[String]> = []
    var unreadable: [String] = []
    // Follows a line from (row, column), entered moving (dr, dc), to every arrowhead it reaches.
    func follow(_ sources: [Name], _ start: (Int, Int), _ step: (Int, Int)) {
        var pending = [(start.0, start.1, step.0, step.1)]
        var seen = Set<[Int]>()
        while let (row, column, dr, dc) = pending.popLast() {
            guard seen.insert([row, column, dr, dc]).inserted else { continue }
            // The sides each piece joins: up, down, left, right.
            let sides: [Character: [(Int, Int)]] = [
                "└": [(-1, 0), (0, 1)], "┘": [(-1, 0), (0, -1)], "┌": [(1, 0), (0, 1)], "┐": [(1, 0), (0, -1)],
                "├": [(-1, 0), (1, 0), (0, 1)], "┤": [(-1, 0), (1, 0), (0, -1)],
                "┬": [(0, -1), (0, 1), (1, 0)], "┴": [(0, -1), (0, 1), (-1, 0)],
            ]
            let piece = at(row, column)
            switch piece {
            case "─" where dr == 0, "│" where dc == 0, "┼":
                pending.append((row + dr, column + dc, dr, dc))
            case "▶" where dc == 1:
                var first = column + 1
                while first < picture[row].count, at(row, first) == " " { first += 1 }
                let targets = group(at: row, from: first)
                if targets.isEmpty { unreadable.append("line \(row + 1): ▶ points at no module") }
                for source in sources { for target in targets { arrows.insert([source.text, target.text]) } }
            case "▲" where dr == -1:
                let target = groups.joined().first { $0.row == row - 1 && $0.columns.contains(column) }
                guard let target else {
                    unreadable.append("line \(row + 1), column \(column + 1): ▲ under no module")
                    continue
                }
                for source in sources { arrows.insert([source.text, target.text]) }
            default:
                guard let exits = sides[piece], exits.contains(where: { $0 == (-dr, -dc) }) else { continue }
                for exit in exits where exit != (-dr, -dc) { pending.append((row + exit.0, column + exit.1, exit.0, exit.1)) }
            }
        }
    }
    for group in groups {
        let (first, last) = (group[0], group[group.count - 1])
        // Right, past a "(…)" note.
        let width = picture[last.row].count
        var column = last.columns.upperBound
        while column < width, at(last.row, column) == " " { column += 1 }
        if at(last.row, column) == "(" {
            while column < width, at(last.row, column) != ")" { column += 1 }
            column += 1
            while column < width, at(last.row, column) == " " { column += 1 }
        }
        follow(group, (last.row, column), (0, 1))
        column = first.columns.lowerBound - 1
        while column > 0, at(first.row, column) == " " { column -= 1 }
        if at(first.row, column) == "─" { follow(group, (first.row, column), (0, -1)) }
        for name in group {
            for column in name.columns where "│├└".contains(at(name.row + 1, column)) {
                follow([name], (name.row + 1, column), (1, 0))
            }
        }
    }
    return (arrows, unreadable)
}

let architecture = CommandLine.arguments.dropFirst().first ?? "ARCHITECTURE.md"
let document = (try? String(contentsOfFile: architecture, encoding: .utf8)) ?? ""
let fences = document.components(separatedBy: "```")
if fences.count < 3 {
    problems.append("\(architecture): no module diagram (a ``` block)")
} else {
    let picture = fences[1].split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map { Array($0) }
    let (arrows, unreadable) = diagramArrows(picture)
    problems += unreadable.map { "\(architecture) diagram, \($0)" }
    let drawn = Set(arrows.flatMap { $0 })
    for module in modules.subtracting(drawn).sorted() {
        problems.append("\(architecture) diagram leaves out \(module)")
    }
    for arrow in arrows.sorted(by: { $0.lexicographicallyPrecedes($1) }) where !(importsOf[arrow[0]] ?? []).contains(arrow[1]) {
        problems.append("\(architecture) diagram draws \(arrow[0]) ──▶ \(arrow[1]), but \(arrow[0]) does not import \(arrow[1])")
    }
    // Every import of one of ours is drawn, as an arrow or a path of arrows.
    for (module, imports) in importsOf.sorted(by: { $0.key < $1.key }) where modules.contains(module) {
        var reached: Set<String> = []
        var unvisited = [module]
        while let next = unvisited.popLast() {
            for arrow in arrows where arrow[0] == next && reached.insert(arrow[1]).inserted { unvisited.append(arrow[1]) }
        }
        for missing in imports.intersection(modules).subtracting(reached).sorted() {
            problems.append("\(architecture) diagram: \(module) imports \(missing), but no arrow or path of arrows leads there")
        }
    }
}

if problems.isEmpty {
    print("Package.swift and \(architecture)'s diagram: every target declares what it imports, and imports what it declares")
} else {
    problems.forEach { print($0) }
    exit(1)
}
