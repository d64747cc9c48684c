import ArgumentParser
import Foundation
import LocalStore
import StoreCatalog
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
            Snapshot name, Resize 40x12. Store, anywhere: Set latency 600ms, Set ask-to-buy on, \
            Set fail purchase, Set fail none, Buy PRODUCT_ID (bought elsewhere: the app sees it \
            at start or on restore), Approve (every pending Ask to Buy request). Pacing: Set \
            typing-speed 100ms (the pause after each key), Set wait-timeout 10s (for WaitFor). \
            Time is virtual and starts at 2026-01-01T00:00:00Z: the same tape makes the same \
            bytes. The ledger is in memory. --svg DIR draws each Snapshot as DIR/NAME.svg \
            (--theme dark or light). With none of --cast, --frames and --svg the frames are \
            printed. Exits 65 for a bad tape (naming its line), 66 when the tape is missing, \
            73 when an output cannot be written.
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

    @OptionGroup var pictureOptions: PictureOptions

    @OptionGroup var screenOptions: ScreenOptions

    @Option(help: ArgumentHelp("The customer account the tape's store serves (default: local).", valueName: "id"))
    var account: Parsed<CustomerAccount>?

    func validate() throws {
        _ = try account?.get()
    }

    func run() async throws {
        let url = URL(fileURLWithPath: tape)
        let text = try readTape(at: url)
        let parsed: Tape
        do {
            parsed = try Tape(text, file: tape)
        } catch {
            throw CommandFailure(error.description, exitCode: .dataError)
        }
        let stage = DemoStage(
            tapeFolder: url.deletingLastPathComponent(), file: tape, screenOptions: screenOptions,
            account: try account?.get()
        )
        let recording: TapeRecording
        do {
            recording = try await TapePlayer(tape: parsed, stage: stage.make).play()
        } catch let error as TapeError {
            throw CommandFailure(error.description, exitCode: .dataError)
        }
        if let cast { try writeOutput(AsciicastEncoder.encode(recording), to: cast) }
        if let frames { try writeOutput(recording.framesText(), to: frames) }
        if let svg { try drawSnapshots(of: recording, into: svg) }
        if cast == nil, frames == nil, svg == nil {
            FileHandle.standardOutput.write(Data(recording.framesText().utf8))
        }
    }

    /// One picture per `Snapshot`, named after it, titled with the tape's name.
    private func drawSnapshots(of recording: TapeRecording, into directory: String) throws {
        try createOutputDirectory(directory)
        let title = URL(fileURLWithPath: tape).deletingPathExtension().lastPathComponent
        for snapshot in recording.snapshots {
            let path = (directory as NSString).appendingPathComponent("\(snapshot.name ?? "frame").svg")
            try writeOutput(pictureOptions.picture(of: snapshot.buffer, title: title), to: path)
        }
    }

    /// The tape's text; fails with 66 when there is no such file, 65 when it is not text.
    private func readTape(at url: URL) throws -> String {
        let data: Data
        do {
            data = try FileBytes.read(url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw CommandFailure(exists ? "\(tape): cannot be read: \(error)" : "\(tape): no such tape file", exitCode: .noInput)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("\(tape): not UTF-8 text", exitCode: .dataError)
        }
        return text
    }
}
