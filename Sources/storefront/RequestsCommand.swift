import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel

/// `storefront requests [--json]`: every Ask to Buy request, oldest first, with what
/// `approve` and `decline` take.
struct RequestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests",
        abstract: "List Ask to Buy requests: pending, approved and declined.",
        discussion: """
            Pending requests wait for `storefront approve ID` or `storefront decline ID`. With \
            --json, an array of objects with id, productID, productName, state (pending, \
            approved, declined), requestedAt and decidedAt (ISO 8601 or null), quantity.
            """
    )

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var remoteOption: RemoteOption

    func run() async throws {
        try await remoteOption.safe(report)
    }

    private func report() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot list Ask to Buy requests") {
            let requests = try await store.ledger.askToBuyRequests()
            let name = { (id: String) in store.catalog.product(id: id)?.displayName ?? id }
            if json {
                StoreCommandSupport.print(PropertyValue.array(requests.map { request in
                    PropertyValue([
                        "id": .number(String(request.id)),
                        "productID": .string(request.productID),
                        "productName": .string(name(request.productID)),
                        "state": .string(request.status.rawValue),
                        "requestedAt": StoreJSON.date(request.createdAt),
                        "decidedAt": StoreJSON.date(request.decidedAt),
                        "quantity": .number(String(request.purchase.purchasedQuantity)),
                    ])
                }).compactJSON)
            } else if requests.isEmpty {
                StoreCommandSupport.print("No Ask to Buy requests.")
            } else {
                for request in requests {
                    var parts = ["\(request.id)", request.status.rawValue, request.productID, name(request.productID)]
                    parts.append("asked " + request.createdAt.formatted(Date.ISO8601FormatStyle()))
                    if let decided = request.decidedAt { parts.append("\(request.status.rawValue) " + decided.formatted(Date.ISO8601FormatStyle())) }
                    StoreCommandSupport.print(parts.joined(separator: "  "))
                }
            }
        }
    }

    /// What `transactions` says under its table while requests wait: nil when none do.
    static func pendingNote(_ requests: [AskToBuyRequest]) -> String? {
        let pending = requests.filter { $0.status == .pending }.count
        guard pending > 0 else { return nil }
        let what = pending == 1 ? "1 Ask to Buy request waits" : "\(pending) Ask to Buy requests wait"
        return "\(what) for approval: see storefront requests (approve ID or decline ID)."
    }
}
