/// A title for a layout derived from a catalog's file name: "BackyardBirds" → "Backyard
/// Birds", "Kamyal-iOS" → "Kamyal iOS", "MihirakiPDFViewer" → "Mihiraki PDF Viewer".
/// Words split where the case turns, and at `_` and `-`; Apple's own names stay whole.
struct CatalogTitle {
    /// Names written with a case turn inside them that are still one word.
    static let wholeNames = ["StoreKit", "SwiftUI", "iPadOS", "iOS", "macOS", "watchOS", "tvOS", "visionOS", "iPhone", "iPad", "iCloud", "AppKit", "UIKit"]

    let text: String

    init(fileName: String) {
        var words: [String] = []
        var word = ""
        func endWord() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        var rest = Substring(fileName)
        while let character = rest.first {
            if let name = Self.wholeNames.first(where: { rest.hasPrefix($0) }) {
                endWord()
                words.append(name)
                rest = rest.dropFirst(name.count)
                continue
            }
            rest = rest.dropFirst()
            if character == "_" || character == "-" || character == " " {
                endWord()
                continue
            }
            if character.isUppercase, let last = word.last {
                // "kU" turns a word; so does "PDFV|iewer": the last capital of a run starts the next word.
                let nextIsLower = rest.first?.isLowercase == true
                if last.isLowercase || last.isNumber || (last.isUppercase && nextIsLower) { endWord() }
            }
            word.append(character)
        }
        endWord()
        text = words.joined(separator: " ")
    }
}
