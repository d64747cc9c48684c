import ArgumentParser
import CatalogLayouts
import CursesBackend
import Foundation
import LocalStore
import Logging
import StoreCatalog
import StorefrontCommandLine
import TerminalScripting
import TerminalUI

/// `storefront run`: the interactive storefront, the default subcommand.
///
/// ```
/// storefront run --catalog tipjar --latency 300ms-800ms
/// storefront --ask-to-buy --ascii
/// ```
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the storefront in the terminal.",
        discussion: """
            Keys: ↑↓ (or k j) move, ←→ choose a plan (in the button row, a button), enter opens \
            or buys, tab reaches the buttons, esc goes back, r restores purchases, / filters, \
            f asks for a refund of the purchase selected in Your Purchases, \
            ? shows every key, T opens the transaction manager (with --transaction-manager), q or ctrl-c quits (asking first while a purchase is with the store; \
            a second ctrl-c quits, exit 130). Clicks select and press: the terminal's mouse \
            reporting is on unless --no-mouse. \
            STOREFRONT_PRESS="down,down,enter" presses keys as it starts (tokens as in \
            `snapshot --keys`, comma-separated). \
            Needs a terminal: exits 64 when standard input or output is not one (use \
            `storefront snapshot` for text output).
            """
    )

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var screenOptions: ScreenOptions

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal: no clicks, and text selects as usual.")
    var noMouse = false

    @Option(help: ArgumentHelp(
        "The App Store's messages as the store opens (a win-back offer for a churned subscriber, Billing Problem for a renewal that failed): on shows them, off suppresses them, defer keeps them until you come back to the store list.",
        valueName: "on|off|defer"
    ))
    var messages: MessagesOption = .on

    @Flag(help: "Turn on the transaction manager, the operator's tool (T): the customer's transactions and requests, refunds and their decisions, Ask to Buy, renewals, billing, prices and extensions. Never in an SSH session.")
    var transactionManager = false

    @OptionGroup var remoteOption: RemoteOption

    @Option(help: ArgumentHelp(
        "How long the store stays open once the server running this session says it is closing (SIGUSR1); `serve --ssh` passes its --drain.",
        valueName: "time", visibility: .hidden
    ))
    var drain: String?

    func run() async throws {
        // The screen is the terminal: a log line on stderr would land in the middle of it.
        // What the log would say (a failed load, say) is on screen as a warning row.
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        // The operator's tool acts on the ledger as the store: a customer's session never has it.
        if transactionManager && remoteOption.remote {
            throw CommandFailure("--transaction-manager is the operator's tool; a customer's session (--remote) cannot have it.", exitCode: .usage)
        }
        // A closing server's SIGUSR1 before the terminal is set up must not end the session.
        signal(SIGUSR1, SIG_IGN)
        let (store, layout) = try await remoteOption.safe { () async throws -> (LocalStore, StoreLayout) in
            // A large catalog's products are built beside the first frames, the first page's first.
            let store = try await storeOptions.makeStore(buildingInBackground: true)
            let catalog = store.catalog.catalog
            let layout = try screenOptions.loadLayout(
                catalog: catalog, catalogArgument: storeOptions.catalogOption.catalog, locale: storeOptions.locale
            )
            // Built while the layout waited for it (a layout of every product by type): a part
            // that failed is the error loading whole gives, before the terminal is taken.
            if catalog.isBuilt { try await catalog.built() }
            return (store, layout)
        }
        var options = screenOptions.appOptions(store: store, locale: storeOptions.locale, timeZone: .current, remote: remoteOption.remote)
        options.mouse = !noMouse
        if transactionManager { options.transactionManager = store }
        options = messages.applied(to: options)
        if let drain {
            guard let time = DurationText.parse(drain) else {
                throw CommandFailure("--drain \"\(drain)\" is not a time like 10s.", exitCode: .usage)
            }
            options.closingTime = time
        }
        let startKeys: [Key]
        do {
            startKeys = try StartupKeys.keys(in: ProcessInfo.processInfo.environment)
        } catch {
            throw CommandFailure("\(StartupKeys.variable): \(error.description)", exitCode: .usage)
        }
        do {
            try await Self.runInTerminal(store: store, layout: layout, options: options, pressing: startKeys, remoteOption: remoteOption)
        } catch let error as TerminalError {
            // A signal ended it (ctrl-c, a hangup): 128 + the signal says so, with no message, as
            // shells expect. Any other terminal error is reported as every failure is.
            guard case .interrupted = error else { throw error }
            throw ExitCode(error.exitCode)
        }
    }

    /// The frame loop on the main thread (reading keys blocks it for up to 50 ms at a
    /// time; the store's work runs elsewhere), with the ledger watched meanwhile. The
    /// catalog's names are measured once it is built (beside the first frames, for a large
    /// one); a product that cannot be built then ends the app with the error loading the
    /// catalog whole would have given.
    @MainActor
    private static func runInTerminal(
        store: LocalStore, layout: StoreLayout, options: AppOptions, pressing startKeys: [Key], remoteOption: RemoteOption
    ) async throws {
        // What other terminals do to the ledger (approve, refund, advance) shows up here.
        let watcher = try await store.watchLedger(every: .seconds(1))
        defer { watcher.cancel() }
        let catalog = store.catalog.catalog
        let titles = disputedClusters(in: layout)
        guard !catalog.isBuilt else {
            try await runStoreApp(
                backend: store, layout: layout, options: options, pressing: startKeys,
                measuringWidthsOf: disputedClusters(in: catalog, besides: titles).found
            )
            return
        }
        try await runStoreApp(
            backend: store, layout: layout, options: options, pressing: startKeys, measuringWidthsOf: titles.found,
            measuringLater: {
                try await remoteOption.safe { try await catalog.built() }
                return Array(disputedClusters(in: catalog, besides: titles).found.dropFirst(titles.found.count))
            }
        )
    }
}

extension RunCommand {
    /// The clusters terminals disagree on the width of in the layout's titles: measured
    /// before the first frame.
    static func disputedClusters(in layout: StoreLayout) -> TerminalWidths.DisputedClusters {
        var clusters = TerminalWidths.DisputedClusters()
        for title in [layout.title] + layout.shops.map(\.title) { clusters.add(in: title) }
        return clusters
    }

    /// `clusters` and those in every name the app may show from the catalog, in any
    /// language: what the terminal is asked to measure. The products' names are read where
    /// they are, not copied (a catalog may have 100,000).
    static func disputedClusters(in catalog: Catalog, besides clusters: TerminalWidths.DisputedClusters) -> TerminalWidths.DisputedClusters {
        var clusters = clusters
        for title in catalog.subscriptionGroups.flatMap({ $0.localizations.map(\.displayName) }) { clusters.add(in: title) }
        // Plain loops over positions: a lazy sequence of the 200,000 names of a large catalog
        // cost a tenth of its start-up in iterators and copies of each product.
        let products = catalog.products
        for position in products.indices {
            let localizations = products[position].localizations
            for index in localizations.indices {
                clusters.add(in: localizations[index].displayName)
            }
        }
        return clusters
    }
}

/// The options of the commands that show the app (`run`, `snapshot`): the layout and how
/// to draw.
struct ScreenOptions: ParsableArguments {
    @OptionGroup var layoutOption: LayoutOption

    @Flag(help: "Draw with ASCII symbols only.")
    var ascii = false

    @Flag(name: .customLong("no-color"), help: "Draw without colours (also when NO_COLOR is set).")
    var noColor = false

    /// The layout to show (see `LayoutOption.loadLayout`), its generated shops named in the
    /// interface's language.
    func loadLayout(catalog: Catalog, catalogArgument: String, locale: String?) throws -> StoreLayout {
        let locale = CustomerLocale.chosen(locale)
        return try layoutOption.loadLayout(
            catalog: catalog, catalogArgument: catalogArgument, locale: locale, language: Self.language(of: catalog, locale: locale)
        )
    }

    /// The language the interface speaks, the one product names are in (`CustomerLocale`):
    /// `--locale`'s, else the environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`), else the
    /// catalog's `_locale`.
    static func language(of catalog: Catalog, locale: String?) -> InterfaceLanguage {
        InterfaceLanguage(matching: CustomerLocale.chosen(locale) ?? catalog.settings.locale ?? "en")
    }

    /// How the app draws, in which language, and which links the policies button shows.
    /// `remote`: the customer is on another machine, so no error names this one's files.
    func appOptions(store: LocalStore, locale: String?, timeZone: TimeZone, remote: Bool = false) -> AppOptions {
        let catalog = store.catalog.catalog
        var render = RenderOptions(environment: ProcessInfo.processInfo.environment, ascii: ascii)
        if noColor { render.color = false }
        render.language = Self.language(of: catalog, locale: locale)
        render.language.describesSystemErrors = !remote
        return AppOptions(
            render: render,
            policies: PolicyLinks(catalog.appPolicies, locale: CustomerLocale.chosen(locale), fallbackLocale: catalog.settings.locale),
            timeZone: timeZone,
            confirmsPurchases: !catalog.settings.disableDialogs,
            account: Self.account(of: store, in: render.language, remote: remote),
            repricing: AppOptions.Repricing(store.catalog)
        )
    }

    /// Who the storefront runs as, for Sign In: the customer account (this machine's one
    /// customer unless `--account` named another), and the ledger that holds their purchases.
    /// A remote customer reads the account alone: the ledger is a file of the server.
    static func account(of store: LocalStore, in language: InterfaceLanguage, remote: Bool = false) -> String {
        if remote { return language.text("account %@", store.account.id) }
        let ledger = store.ledger.databaseName
        switch (store.account == .local, ledger) {
        case (true, nil): return language.text("the local customer, with a ledger in memory")
        case (true, let ledger?): return language.text("the local customer, with the ledger %@", ledger)
        case (false, nil): return language.text("account %@, with a ledger in memory", store.account.id)
        case (false, let ledger?): return language.text("account %1$@, with the ledger %2$@", store.account.id, ledger)
        }
    }
}
