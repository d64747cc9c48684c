import ArgumentParser
import Foundation
import StorefrontCommandLine
import StorefrontModel
import TerminalScripting
import TerminalUI

/// `storefront snapshot [run options] [--size 80x24] [--keys KEYS] [--after DURATION] [--styles]`:
/// plays keys into the app with no terminal, on a virtual clock, and prints the screen (or
/// draws it, `--svg`); with `--shots FILE`, records or checks many screens at once.
///
/// ```
/// storefront snapshot --keys "down enter enter y" --after 1s
/// storefront snapshot --size 40x12 --keys "text:/seed" --styles
/// storefront snapshot --keys "down enter" --svg birds.svg --theme light
/// storefront snapshot --shots shots.txt --check Snapshots
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
            --styles adds a "---" line and the style runs. --svg FILE draws the screen instead, \
            in a terminal window (--theme dark or light). Exits 64 for a bad key or size.

            --shots FILE takes one shot a line (# starts a comment): a name, a size, optional \
            catalog=, layout=, locale= and storefront= settings (else the command line's), then \
            keys as --keys takes them, e.g. "ja-list 40x12 locale=ja storefront=JPN enter wait:1s". \
            --record DIR writes DIR/NAME.txt for each, exactly what --styles prints for it; \
            --check DIR prints a unified diff of each shot that differs from its recording and \
            exits 1 when one differs or has none, 0 when all match. A bad shots line exits 65, \
            naming FILE:LINE.
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

    @Option(help: ArgumentHelp("Draw the screen as an SVG picture into this file instead of printing it.", valueName: "file"))
    var svg: String?

    @OptionGroup var pictureOptions: PictureOptions

    @Option(help: ArgumentHelp("Record or check the screens of a shots file (see below), with --record or --check.", valueName: "file"))
    var shots: String?

    @Option(help: ArgumentHelp("Write each shot's screen into this folder.", valueName: "dir"))
    var record: String?

    @Option(help: ArgumentHelp("Compare each shot's screen with its recording in this folder.", valueName: "dir"))
    var check: String?

    func validate() throws {
        if shots != nil, (record == nil) == (check == nil) {
            throw ValidationError("--shots needs one of --record DIR and --check DIR.")
        }
        if shots == nil, record != nil || check != nil {
            throw ValidationError("--record and --check need --shots FILE.")
        }
        if shots != nil, keys != nil || after != nil || svg != nil {
            throw ValidationError("--shots takes each shot's keys from the file: leave out --keys, --after and --svg.")
        }
    }

    func run() async throws {
        if let shots {
            let run = ShotsRun(file: shots, storeOptions: storeOptions, screenOptions: screenOptions)
            if let record { try await run.record(in: record) }
            if let check { try await run.check(in: check) }
            return
        }
        let screen = try await SnapshotScreen.render(
            storeOptions: storeOptions, screenOptions: screenOptions,
            size: try size.get(), keys: try keys?.get() ?? KeyScript(steps: []), after: try after?.get()
        )
        if let svg {
            try writeOutput(pictureOptions.picture(of: screen, title: "storefront"), to: svg)
        } else {
            FileHandle.standardOutput.write(Data((screen.snapshotText(styles: styles) + "\n").utf8))
        }
    }
}
