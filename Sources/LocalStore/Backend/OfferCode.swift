import Foundation
import StoreCatalog

/// A code the store accepts besides the catalog's own offer codes, from a codes file
/// (`--offer-codes FILE`): what the customer types, the product it grants, and the catalog
/// offer code it applies (by reference name; a subscription's, or a one-time product's at
/// its price). Without an offer, a code grants its product for free.
///
/// A codes file has one code a line, `#` starting a comment:
/// ```
/// # code          product                                    offer (subscriptions)
/// SPRING-FEEDER   com.example.backyardbirds.feeder.copper
/// MEADOW-MONTH    com.example.backyardbirds.pass.meadow.monthly  BIRDWATCHER
/// ```
///
/// ```swift
/// let codes = try OfferCode.parseFile(text, named: "codes.txt", catalog: catalog)
/// codes.first?.code  // "SPRING-FEEDER"
/// ```
public struct OfferCode: Sendable, Hashable {
    /// Upper case, as compared.
    public let code: String
    public let productID: String
    /// The reference name of one of the product's `codeOffers` (or `oneTimeCodeOffers`).
    public let offerReferenceName: String?

    public init(code: String, productID: String, offerReferenceName: String? = nil) {
        self.code = code.uppercased()
        self.productID = productID
        self.offerReferenceName = offerReferenceName
    }

    /// A line of a codes file that is not a code, named by file and line.
    public struct FileError: Error, CustomStringConvertible, Sendable {
        public let file: String
        public let line: Int
        public let message: String

        public var description: String { "\(file):\(line): \(message)" }
    }

    /// The codes of a codes file, checked against `catalog`.
    public static func parseFile(_ text: String, named file: String, catalog: Catalog) throws(FileError) -> [OfferCode] {
        var codes: [OfferCode] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let words = (raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard !words.isEmpty else { continue }
            func problem(_ message: String) -> FileError { FileError(file: file, line: line, message: message) }
            guard words.count <= 3 else {
                throw problem("expected CODE PRODUCT_ID [OFFER], found \(words.count) words")
            }
            guard words.count >= 2 else { throw problem("the code \(words[0]) names no product") }
            let code = OfferCode(code: words[0], productID: words[1], offerReferenceName: words.count == 3 ? words[2] : nil)
            guard code.code.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw problem("\"\(words[0])\" is not a code: use letters, digits, - and _")
            }
            guard let product = catalog.product(id: code.productID) else {
                throw problem("no product \(code.productID) in the catalog")
            }
            if let name = code.offerReferenceName, product.subscription?.codeOffers.contains(where: { $0.referenceName == name }) != true,
               !product.oneTimeCodeOffers.contains(where: { $0.referenceName == name }) {
                throw problem("\(code.productID) has no offer code named \(name)")
            }
            guard !codes.contains(where: { $0.code == code.code }) else { throw problem("the code \(code.code) is listed twice") }
            codes.append(code)
        }
        return codes
    }
}
