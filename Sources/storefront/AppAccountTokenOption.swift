import ArgumentParser
import Foundation
import StorefrontModel

/// `--app-account-token UUID`: the token an app gives a purchase to name its own user
/// (`Product.PurchaseOption.appAccountToken`), carried by the transaction, its renewals and
/// the subscription's renewal info.
struct AppAccountTokenOption: ParsableArguments {
    @Option(
        name: .customLong("app-account-token"),
        help: ArgumentHelp("A UUID naming the app's user, kept on the transaction and its renewals.", valueName: "uuid")
    )
    var text: String?

    func validate() throws {
        _ = try token()
    }

    /// The token given, or nil; a value that is not a UUID is refused in one line.
    func token() throws -> UUID? {
        guard let text else { return nil }
        guard let token = UUID(uuidString: text) else {
            throw ValidationError(
                "--app-account-token \"\(text)\" is not a UUID like 8A3C5E52-1D2B-4F6A-9C1E-2B7D4E6F8A90."
            )
        }
        return token
    }

    /// The purchase option it stands for, if given.
    var purchaseOptions: Set<Product.PurchaseOption> {
        (try? token()).flatMap { $0 }.map { [.appAccountToken($0)] } ?? []
    }
}
