import Foundation
import StoreCatalog
import StorefrontCommandLine
import TerminalScripting
import TerminalUI

/// One line of a shots file: a screen to record or check.
struct Shot: Sendable {
    let name: String
    let size: TerminalSize
    /// `catalog=`, `layout=`, `locale=`, `storefront=`; nil keeps the command line's.
    var catalog: String?
    var layout: String?
    var locale: String?
    var storefront: String?
    let keys: KeyScript
}

/// `--shots FILE`: one shot a line, `#` comments, blank lines ignored:
/// `NAME SIZE [catalog=… layout=… locale=… storefront=…] [KEYS…]`. Catalog and layout
/// paths are taken from the shots file's folder when a file is there.
///
/// ```swift
/// let shots = try ShotsFile.parse("home 80x24\nja-list 40x12 locale=ja enter wait:1s", file: "shots", folder: folder)
/// shots[1].keys.steps.count  // 2
/// ```
enum ShotsFile {
    /// The shots, or a `CommandFailure` naming `FILE:LINE` and exit 65 for the first bad line.
    static func parse(_ text: String, file: String, folder: URL) throws -> [Shot] {
        var shots: [Shot] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard !words.isEmpty else { continue }
            func failure(_ message: String) -> CommandFailure {
                CommandFailure("\(file):\(index + 1): \(message)", exitCode: .dataError)
            }
            let name = words[0]
            guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }), !name.hasPrefix(".") else {
                throw failure("bad shot name \"\(name)\": use letters, digits, - _ and . (it names the recording's file)")
            }
            guard !shots.contains(where: { $0.name == name }) else { throw failure("a second shot named \"\(name)\"") }
            guard words.count > 1 else { throw failure("shot \"\(name)\" needs a size after its name, such as 80x24") }
            guard let size = TerminalSize(words[1]) else {
                throw failure(TerminalSize.problem(with: words[1]))
            }
            var settings: [String: String] = [:]
            var rest = words.dropFirst(2)
            while let word = rest.first, let equals = word.firstIndex(of: "=") {
                let key = String(word[..<equals]), value = String(word[word.index(after: equals)...])
                guard ["catalog", "layout", "locale", "storefront"].contains(key) else {
                    throw failure("unknown setting \"\(key)\": use catalog=, layout=, locale= or storefront=")
                }
                settings[key] = value
                rest = rest.dropFirst()
            }
            if let locale = settings["locale"], !LocaleArgument.isKnown(locale) {
                throw failure("unknown locale \"\(locale)\": \(LocaleArgument.expectation)")
            }
            if let storefront = settings["storefront"], StorefrontCountry(countryCode: storefront) == nil {
                throw failure("unknown storefront \"\(storefront)\": use an ISO 3166 alpha-3 code such as USA, JPN or GBR")
            }
            let keys: KeyScript
            do {
                keys = try KeyScript(rest.joined(separator: " "))
            } catch {
                throw failure(error.description)
            }
            var shot = Shot(name: name, size: size, keys: keys)
            shot.catalog = try settings["catalog"].map { catalog in
                let argument = beside(folder, catalog)
                guard BundledResources.catalogURL(argument) != nil else {
                    throw failure("no catalog \"\(catalog)\": not a file beside the shots file, nor a bundled catalog (\(BundledResources.catalogHelp))")
                }
                return argument
            }
            shot.layout = settings["layout"].map { beside(folder, $0) }
            shot.locale = settings["locale"]
            shot.storefront = settings["storefront"]
            shots.append(shot)
        }
        return shots
    }

    /// `path` in `folder` when a file is there, else as written.
    private static func beside(_ folder: URL, _ path: String) -> String {
        let candidate = folder.appendingPathComponent(path).path
        return !path.hasPrefix("/") && FileManager.default.fileExists(atPath: candidate) ? candidate : path
    }
}
