import ArgumentParser
import Foundation
import StorefrontModel
import TerminalUI

/// `storefront snapshot [run options] [--size 80x24] [--keys KEYS] [--after DURATION] [--styles]`:
/// plays keys into the app with no terminal, on a virtual clock, and prints the screen.
///
/// ```
/// storefront snapshot --keys "down enter enter y" --after 1s
/// storefront snapshot --size 40x12 --keys "text:/seed" --styles
/// ```
struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Print the storefront's screen after a key script, without a terminal.",
        discussion: """
            KEYS is a space-separated list: up, down, left, right, enter, esc, tab, shift-tab, \
            space, backspace, pgup, pgdn, home, end, any single character, ctrl-c, wait:500ms \
            (moves the clock), resize:40x12 and text:CODE (types CODE). Before each key the app \
            settles: everything due at the current virtual time finishes. Time starts at \
            2026-01-01T00:00:00Z and moves only with wait: and --after, so the same command \
            prints the same screen every time (a --latency range is random, though). The ledger \
            is in memory unless --ledger is given; latency is 0 unless --latency is given.
            Prints exactly as many lines as the screen has rows, each padded to its width; \
            --styles adds a "---" line and the style runs. Exits 64 for a bad key or size.
            """
    )

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var screenOptions: ScreenOptions

    @Option(help: ArgumentHelp("The screen size.", valueName: "colsxrows"))
    var size = Parsed(TerminalSize(width: 80, height: 24))

    @Option(help: ArgumentHelp("The keys to play, space-separated (see below).", valueName: "keys"))
    var keys: Parsed<KeyScript>?

    @Option(help: ArgumentHelp("Move the clock on by this much after the keys, e.g. 800ms.", valueName: "duration"))
    var after: Parsed<Duration>?

    @Flag(help: "Print the style runs (bold, dim, reverse, colours) after the text.")
    var styles = false

    func run() async throws {
        let screenSize = try size.get()
        let script = try keys?.get() ?? KeyScript(steps: [])
        let pause = try after?.get()

        var options = storeOptions
        if options.ledger == nil { options.inMemory = true }
        let clock = VirtualClock()
        let store = try options.makeStore(clock: StoreClock(clock, startingAt: HeadlessApp.defaultEpoch))
        let catalog = store.catalog.catalog
        let layout = try screenOptions.loadLayout(catalog: catalog, catalogArgument: options.catalogOption.catalog, locale: options.locale)
        let appOptions = screenOptions.appOptions(store: store, locale: options.locale, timeZone: TimeZone(identifier: "UTC") ?? .current)

        let app = await HeadlessApp(size: screenSize, backend: store, layout: layout, options: appOptions, clock: clock)
        await app.run(script)
        if let pause { await app.wait(pause) }
        let screen = await app.render()
        FileHandle.standardOutput.write(Data((screen.snapshotText(styles: styles) + "\n").utf8))
    }
}
