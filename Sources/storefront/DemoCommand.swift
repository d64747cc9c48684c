import ArgumentParser
import Foundation
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
            bytes. The ledger is in memory. With neither --cast nor --frames the frames are \
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

    @OptionGroup var screenOptions: ScreenOptions

    func run() async throws {
        let url = URL(fileURLWithPath: tape)
        let text = try readTape(at: url)
        let parsed: Tape
        do {
            parsed = try Tape(text, file: tape)
        } catch {
            throw CommandFailure(error.description, exitCode: .dataError)
        }
        let stage = DemoStage(tapeFolder: url.deletingLastPathComponent(), file: tape, screenOptions: screenOptions)
        let recording: TapeRecording
        do {
            recording = try await TapePlayer(tape: parsed, stage: stage.make).play()
        } catch let error as TapeError {
            throw CommandFailure(error.description, exitCode: .dataError)
        }
        if let cast { try write(AsciicastEncoder.encode(recording), to: cast) }
        if let frames { try write(recording.framesText(), to: frames) }
        if cast == nil, frames == nil {
            FileHandle.standardOutput.write(Data(recording.framesText().utf8))
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

    /// Writes `text` to `path`; fails with 73 (EX_CANTCREAT) when it cannot.
    private func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("\(path): cannot be written: \(error.localizedDescription)", exitCode: .cannotCreate)
        }
    }
}
