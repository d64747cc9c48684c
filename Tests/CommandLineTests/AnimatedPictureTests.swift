import Foundation
import StorefrontTestSupport
import Testing

/// `storefront demo --apng FILE`: an animated PNG with a frame for each frame of the cast,
/// each shown until the next came, and a clear refusal when a tool it needs is missing.
@Suite("Animated pictures")
struct AnimatedPictureTests {
    /// The PNG's chunks: type and body.
    static func chunks(of data: Data) -> [(type: String, body: Data)] {
        let bytes = [UInt8](data)
        var chunks: [(String, Data)] = []
        var position = 8
        while position + 8 <= bytes.count {
            let length = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
            chunks.append((type, Data(bytes[position + 8..<min(position + 8 + length, bytes.count)])))
            position += 12 + length
        }
        return chunks
    }

    static func number(_ body: Data, at offset: Int, bytes: Int) -> Int {
        body.dropFirst(offset).prefix(bytes).reduce(0) { $0 << 8 | Int($1) }
    }

    @Test func everyFrameOfTheCastForItsTime() async throws {
        try #require(ChildProcess.find("apngasm") != nil, "apngasm is needed: apt-get install apngasm (.ci/install-deps)")
        let folder = try TemporaryDirectory()
        let png = folder.url.appendingPathComponent("tip-jar.png")
        let cast = folder.url.appendingPathComponent("tip-jar.cast")
        let tape = PackagePaths.demos.appendingPathComponent("tip-jar.tape").path
        let output = try await StorefrontCommand.run(["demo", tape, "--apng", png.path, "--cast", cast.path])
        #expect(output.status == 0, "\(output.stderr)")

        let data = try Data(contentsOf: png)
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let chunks = Self.chunks(of: data)
        let header = try #require(chunks.first { $0.type == "IHDR" }).body
        #expect(Self.number(header, at: 0, bytes: 4) == 744)  // the SVG picture's size at 80x24
        let control = try #require(chunks.first { $0.type == "acTL" }, "not animated").body
        let frameCount = Self.number(control, at: 0, bytes: 4)
        #expect(Self.number(control, at: 4, bytes: 4) == 0)  // loops for ever

        // The cast: a header, an event per frame, then the end at the tape's duration.
        let events = try String(contentsOf: cast, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(frameCount == events.count - 1)
        let end = try #require(Double(events.last?.dropFirst().prefix { $0 != "," } ?? ""))
        let delays = chunks.filter { $0.type == "fcTL" }.map {
            Double(Self.number($0.body, at: 20, bytes: 2)) / Double(Self.number($0.body, at: 22, bytes: 2))
        }
        #expect(delays.count == frameCount)
        #expect(abs(delays.reduce(0, +) - end) < 0.01 * Double(frameCount))  // to the millisecond, at least 10 ms each
    }

    @Test func aMissingToolIsNamedWithItsPackage() async throws {
        let folder = try TemporaryDirectory()
        let tape = PackagePaths.demos.appendingPathComponent("tip-jar.tape").path
        let png = folder.url.appendingPathComponent("x.png").path
        let output = try await StorefrontCommand.run(["demo", tape, "--apng", png], environment: ["PATH": folder.url.path])
        #expect(output.status == 69)
        #expect(output.stderr == "storefront: --apng needs rsvg-convert, which is not on PATH: apt-get install librsvg2-bin\n")
        #expect(!FileManager.default.fileExists(atPath: png))
    }
}
