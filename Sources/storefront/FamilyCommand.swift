import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine

/// `storefront family join ACCOUNT FAMILY`, `family leave ACCOUNT`, `family list`: customer
/// accounts grouped in families that share their family-shareable purchases (Family Sharing).
///
/// ```
/// storefront family join bob alice     # bob joins the family alice organizes
/// storefront family leave bob          # what the family shared with him is revoked
/// ```
struct FamilyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "family",
        abstract: "Group customer accounts in families that share purchases (Family Sharing).",
        discussion: """
            A family is named by its organizer's account and holds at most \(Ledger.largestFamily) accounts. Each \
            member gets a transaction of its own (ownershipType FAMILY_SHARED) for every family-shareable \
            non-consumable and subscription another member bought, renewed as the purchaser's renews; \
            leaving, the purchaser leaving or a refund revokes it (REVOKE to serve --http's --notify URLs).
            """,
        subcommands: [FamilyJoinCommand.self, FamilyLeaveCommand.self, FamilyListCommand.self]
    )
}

/// `storefront family join ACCOUNT FAMILY`.
struct FamilyJoinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Put an account in a family; it shares the family's purchases and the family its own.",
        discussion: "Exits 65 when the account is in another family, FAMILY is a member of someone else's, or the family is full."
    )

    @Argument(help: ArgumentHelp("The account that joins.", valueName: "account"))
    var account: String

    @Argument(help: ArgumentHelp(
        "The family: its organizer's account. The first account to join makes the family; the organizer may join its own.",
        valueName: "family"
    ))
    var family: String

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        try FamilyCommandSupport.refuseAccountOption(storeOptions)
        _ = try FamilyCommandSupport.account(account, named: "<account>")
        _ = try FamilyCommandSupport.account(family, named: "<family>")
    }

    func run() async throws {
        let account = try FamilyCommandSupport.account(account, named: "<account>")
        let organizer = try FamilyCommandSupport.account(family, named: "<family>")
        let store = await (try await storeOptions.makeStore()).serving(account)
        try await StoreCommandSupport.run("cannot put \(account) in \(organizer)'s family") {
            try await store.joinFamily(organizedBy: organizer)
            let members = try await store.family().map(\.id).joined(separator: ", ")
            StoreCommandSupport.print("\(account) is in \(organizer)'s family: \(members).")
        }
    }
}

/// `storefront family leave ACCOUNT`.
struct FamilyLeaveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leave",
        abstract: "Take an account out of its family; what sharing gave it, and gave the others from it, is revoked.",
        discussion: "The organizer leaving stops Family Sharing: every member leaves. Exits 65 when the account is in no family."
    )

    @Argument(help: ArgumentHelp("The account that leaves.", valueName: "account"))
    var account: String

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        try FamilyCommandSupport.refuseAccountOption(storeOptions)
        _ = try FamilyCommandSupport.account(account, named: "<account>")
    }

    func run() async throws {
        let account = try FamilyCommandSupport.account(account, named: "<account>")
        let store = await (try await storeOptions.makeStore()).serving(account)
        try await StoreCommandSupport.run("cannot take \(account) out of its family") {
            let family = try await store.family()
            try await store.leaveFamily()
            StoreCommandSupport.print(family.first == account
                ? "\(account) stopped Family Sharing: \(family.map(\.id).joined(separator: ", ")) left the family."
                : "\(account) left \(family.first?.id ?? "its")'s family.")
        }
    }
}

/// `storefront family list [--json]`.
struct FamilyListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the families: each organizer, then its members in joining order.",
        discussion: #"With --json, an array of {"organizer": ID, "members": [ID, …]} (the organizer first)."#
    )

    @Flag(help: "Print JSON instead of a line per family.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        try FamilyCommandSupport.refuseAccountOption(storeOptions)
    }

    func run() async throws {
        let store = try await storeOptions.makeStore()
        try await StoreCommandSupport.run("cannot list the families") {
            let memberships = try await store.ledger.familyMemberships()
            let organizers = memberships.filter(\.isOrganizer).map(\.account)
            let families = organizers.map { organizer in
                (organizer, [organizer] + memberships.filter { $0.organizer == organizer && !$0.isOrganizer }.map(\.account))
            }
            if json {
                StoreCommandSupport.print(PropertyValue.array(families.map { organizer, members in
                    .object([
                        .init(key: "organizer", value: .string(organizer.id)),
                        .init(key: "members", value: .array(members.map { .string($0.id) })),
                    ])
                }).compactJSON)
            } else if families.isEmpty {
                StoreCommandSupport.print("No families.")
            } else {
                for (organizer, members) in families {
                    StoreCommandSupport.print("\(organizer): \(members.map(\.id).joined(separator: ", "))")
                }
            }
        }
    }
}

enum FamilyCommandSupport {
    /// The account an argument names; a bad one is a usage error naming the argument and the fault.
    static func account(_ argument: String, named name: String) throws -> CustomerAccount {
        do {
            return try CustomerAccount(argument)
        } catch {
            throw ValidationError("\(name) \(argument.debugDescription): \(error).")
        }
    }

    /// The family commands name their accounts as arguments; `--account` would say nothing.
    static func refuseAccountOption(_ options: StoreOptions) throws {
        if options.account != nil {
            throw ValidationError("--account does not apply: family commands name their accounts as arguments.")
        }
    }
}
