import ArgumentParser
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import StorefrontModel

/// `storefront approve REQUEST_ID`: approves a pending Ask to Buy request (or resolves an
/// interrupted purchase); the purchase is recorded now and left unfinished, so a running
/// storefront delivers it.
struct ApproveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Approve a pending Ask to Buy request.",
        discussion: "Takes the ID that `buy` printed for a pending purchase. Exits 65 for an unknown or declined request."
    )

    @Argument(help: "The request ID `buy` printed.")
    var requestID: Int64

    @Flag(help: "Print the transaction as JSON.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot approve request \(requestID)") {
            let entry = try await store.approveAskToBuy(requestID: requestID)
            let result = await store.verificationResult(of: entry)
            StoreCommandSupport.print(json
                ? StoreJSON.transaction(result, entry: entry, finished: entry.isFinished).compactJSON
                : "Approved request \(requestID): transaction \(entry.id) for \(entry.transaction.productID)")
        }
    }
}

/// `storefront decline REQUEST_ID`: declines a pending Ask to Buy request; nothing is bought.
struct DeclineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decline",
        abstract: "Decline a pending Ask to Buy request.",
        discussion: "Takes the ID that `buy` printed for a pending purchase. Exits 65 for an unknown or approved request."
    )

    @Argument(help: "The request ID `buy` printed.")
    var requestID: Int64

    @Flag(help: "Print the request as JSON.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot decline request \(requestID)") {
            let request = try await store.declineAskToBuy(requestID: requestID)
            StoreCommandSupport.print(json
                ? PropertyValue([
                    "id": .number(String(request.id)), "productID": .string(request.productID),
                    "status": .string(request.status.rawValue),
                ]).compactJSON
                : "Declined request \(requestID) for \(request.productID): nothing was bought")
        }
    }
}
