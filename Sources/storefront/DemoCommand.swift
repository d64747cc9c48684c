import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
import StorefrontCommandLine
import TerminalScripting
import TerminalUI

/// `storefront demo TAPE [--cast FILE] [--frames FILE]`: plays a demo tape on a virtual
/// clock and records it.
///
/// ```
/// storefront demo Resources/Demos/tip-jar.tape --cast tip-jar.cast
/// storefront demo my.tape --frames my.txt --ascii
/// ```
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play a demo tape and record it as an asciinema cast or as text frames.",
        discussion: """
            A tape is one command a line; # starts a comment. Setup, before the first screen \
            command: Size 80x24, Catalog tipjar (a bundled name, or a .storekit path from the \
            tape's folder), Set storefront GBR, Set locale ja. Screen: Press down enter (keys \
            as in `snapshot --keys`), Type "GIFT-2026", Wait 1.5s, WaitFor "Thank you", \
            Snapshot name, Screenshot name.svg (a picture of that moment: into --svg DIR, else \
            beside --cast, else beside --frames, else into the working directory), Resize \
            40x12. Anywhere: Hide and Show (the steps between run but are not recorded), \
            Source other.tape (its commands in that line's place, from this tape's folder). \
            Store, anywhere: Set latency 600ms, Set ask-to-buy on, \
            Set fail purchase, Set fail none, Buy PRODUCT_ID (bought elsewhere: the app sees it \
            at start or on restore), Approve (every pending Ask to Buy request), Expire PRODUCT_ID \
            (the subscription lapses: a churned subscriber, offered a win-back offer), Set \
            billing-retry on (renewals fail for billing), Advance 35d (the store's clock moves \
            on: renewals fall due), PriceIncrease PRODUCT_ID 12.99 (its subscribers are asked to \
            agree), ResolveBillingIssue PRODUCT_ID (the customer fixes the payment method). Pacing: Set \
            typing-speed 100ms (the pause after each key), Set wait-timeout 10s (for WaitFor). \
            Time is virtual and starts at 2026-01-01T00:00:00Z: the same tape makes the same \
            bytes. The ledger is in memory. --svg DIR draws each Snapshot as DIR/NAME.svg \
            (--theme dark or light). With none of --cast, --frames, --svg and --apng the frames are \
            printed. --apng FILE writes the recording as an animated PNG (each frame drawn as \
            --svg draws it, by rsvg-convert, packed by apngasm; exit 69 when one is missing). \
            A tape that fails prints the screen it stopped on after the error and \
            keeps what was recorded until then as NAME.partial.cast and NAME.partial.txt \
            beside the --cast and --frames files (a later play that succeeds removes them). \
            Exits 65 for a bad tape (naming its line), 66 when the tape is missing, 73 when an \
            output cannot be written.
            """
    )

    @Argument(help: "The tape file.")
    var tape: String

    @Option(help: ArgumentHelp("Write an asciinema v2 recording here.", valueName: "file"))
    var cast: String?

    @Option(help: ArgumentHelp("Write the text of each Snapshot and of the last screen here.", valueName: "file"))
    var frames: String?

    @Option(help: ArgumentHelp("Draw each Snapshot as an SVG picture, NAME.svg, into this folder.", valueName: "dir"))
    var svg: String?

    @Option(help: ArgumentHelp("Write the recording as an animated PNG here (needs rsvg-convert and apngasm).", valueName: "file"))
    var apng: String?

    @OptionGroup var pictureOptions: PictureOptions

    @OptionGroup var screenOptions: ScreenOptions

    @Option(help: ArgumentHelp("The customer account the tape's store serves (default: local).", valueName: "id"))
    var account: Parsed<CustomerAccount>?

    func validate() throws {
        _ = try account?.get()
    }

    func run() async throws {
        let parsed: Tape
        do {
            parsed = try Tape(try Self.readTape(tape), file: tape, reading: Self.readTape)
        } catch let error as TapeError {
            throw CommandFailure(error.description, exitCode: .dataError)
        }
        let stage = DemoStage(screenOptions: screenOptions, account: try account?.get())
        let recording: TapeRecording
        do {
            recording = try await TapePlayer(tape: parsed, stage: stage.make).play()
        } catch let error as TapeError {
            throw CommandFailure(error.description, exitCode: .dataError)
        } catch let failure as TapeFailure {
            throw stopped(failure)
        }
        if let cast { try write(AsciicastEncoder.encode(recording), to: cast) }
        if let frames { try write(recording.framesText(), to: frames) }
        if let svg { try draw(recording.snapshots, into: svg, naming: { "\($0).svg" }) }
        if let apng { try AnimatedPNG.write(recording, to: apng) { pictureOptions.picture(of: $0, title: pictureTitle) } }
        if !recording.screenshots.isEmpty { try draw(recording.screenshots, into: screenshotFolder, naming: { $0 }) }
        if cast == nil, frames == nil, svg == nil, apng == nil {
            FileHandle.standardOutput.write(Data(recording.framesText().utf8))
        }
    }

    /// Where `Screenshot` pictures go: the --svg folder, else the folder of the --cast
    /// file, else of the --frames file, else the working directory.
    var screenshotFolder: String {
        if let svg { return svg }
        guard let output = cast ?? frames else { return "." }
        return URL(fileURLWithPath: output).deletingLastPathComponent().path
    }

    /// Writes an output, and removes the `.partial` one an earlier failed play left beside it.
    private func write(_ text: String, to path: String) throws {
        try writeOutput(text, to: path)
        try? FileManager.default.removeItem(atPath: Self.partialPath(path))
    }

    /// Pictures are titled with the tape's name.
    private var pictureTitle: String {
        URL(fileURLWithPath: tape).deletingPathExtension().lastPathComponent
    }

    /// One picture per frame, named after it.
    private func draw(_ frames: [TapeFrame], into directory: String, naming fileName: (String) -> String) throws {
        try createOutputDirectory(directory)
        for frame in frames {
            let path = (directory as NSString).appendingPathComponent(fileName(frame.name ?? "frame"))
            try writeOutput(pictureOptions.picture(of: frame.buffer, title: pictureTitle), to: path)
        }
    }

    /// A tape's text; fails with 66 when there is no such file, 65 when it is not text.
    /// It reads the tape and the ones it sources.
    @Sendable static func readTape(_ path: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try FileBytes.read(url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw CommandFailure(exists ? "\(path): cannot be read: \(error)" : "\(path): no such tape file", exitCode: .noInput)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("\(path): not UTF-8 text", exitCode: .dataError)
        }
        return text
    }
}
