import Foundation
import StorefrontCommandLine
import TerminalScripting
import TerminalUI

/// `storefront demo --apng FILE`: the recording as an animated PNG that loops, for a README.
/// Each frame is drawn as the SVG picture `--svg` makes, rendered to PNG by rsvg-convert
/// (Debian's librsvg2-bin), and apngasm (Debian's apngasm) packs the frames, each shown
/// until the next one came in the recording. Not a GIF: gifsicle reads only GIFs, so a GIF
/// would need a palette quantizer on top (ImageMagick or ffmpeg); browsers and GitHub
/// animate APNG as they do GIF.
///
/// ```swift
/// try AnimatedPNG.write(recording, to: "tip-jar.png") { pictureOptions.picture(of: $0, title: "tip-jar") }
/// ```
enum AnimatedPNG {
    /// Browsers show a frame for at least 10 ms; an APNG delay is at most 65535 ms.
    static let shortest = 10, longest = 65_535

    static func write(_ recording: TapeRecording, to path: String, drawing picture: (Buffer) -> String) throws {
        let rsvgConvert = try tool("rsvg-convert", package: "librsvg2-bin")
        let apngasm = try tool("apngasm", package: "apngasm")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-apng-\(UUID().uuidString)")
        try createOutputDirectory(folder.path)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ends = recording.frames.dropFirst().map(\.time) + [recording.duration]
        for (index, (frame, end)) in zip(recording.frames, ends).enumerated() {
            // apngasm takes the first frame's name and finds the rest by number, each with
            // its delay in a .txt file of the same name.
            let name = folder.appendingPathComponent("frame" + String(100_000 + index).dropFirst()).path
            try writeOutput(picture(frame.buffer), to: name + ".svg")
            try run(rsvgConvert, [name + ".svg", "-o", name + ".png"], making: path)
            let delay = min(max(Int((end - frame.time) / .milliseconds(1)), shortest), longest)
            try writeOutput("delay=\(delay)/1000\n", to: name + ".txt")
        }
        let first = folder.appendingPathComponent("frame00000.png").path
        try run(apngasm, [URL(fileURLWithPath: path).path, first, "-z0"], making: path)
    }

    /// The tool's path on PATH; fails with 69 (EX_UNAVAILABLE) naming the package when missing.
    private static func tool(_ name: String, package: String) throws -> URL {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let found = folders.map({ "\($0)/\(name)" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw CommandFailure("--apng needs \(name), which is not on PATH: apt-get install \(package)", exitCode: .unavailable)
        }
        return URL(fileURLWithPath: found)
    }

    /// Runs a tool to its end; fails with 73 naming the output and what the tool said.
    private static func run(_ tool: URL, _ arguments: [String], making output: String) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailure(
                "\(output): cannot be written: \(tool.lastPathComponent) failed: \(said.trimmingCharacters(in: .whitespacesAndNewlines))",
                exitCode: .cannotCreate
            )
        }
    }
}
