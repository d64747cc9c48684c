import Foundation
import StorefrontTestSupport
import Testing

/// `storefront snapshot --svg` and `storefront demo --svg`: well-formed SVG that, drawn by
/// librsvg, shows the snapshot's text in its cells and its colours where they belong.
@Suite("SVG pictures")
struct PictureCommandTests {
    static let keys = "down enter"

    /// Parses the SVG with python3's XML parser, renders it with rsvg-convert and prints,
    /// per probe `row,col`, the RGB of the pixel just inside that cell's top left corner;
    /// then every `<text>` as `row col columns text` (columns from its textLength, 1 without).
    static let probe = #"""
        import sys, struct, zlib, subprocess, xml.etree.ElementTree as ET
        svg, png = sys.argv[1], sys.argv[2]
        root = ET.parse(svg).getroot()
        subprocess.run(["rsvg-convert", svg, "-o", png], check=True)
        data = open(png, "rb").read()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        pos, idat = 8, b""
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b"IHDR": width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if kind == b"IDAT": idat += body
            pos += 12 + length
        assert depth == 8 and colour in (2, 6)
        bpp = 4 if colour == 6 else 3
        raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
        for y in range(height):
            kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a, b, c = line[i - bpp] if i >= bpp else 0, prev[i], prev[i - bpp] if i >= bpp else 0
                if kind == 1: line[i] = (line[i] + a) & 255
                elif kind == 2: line[i] = (line[i] + b) & 255
                elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            rows.append(line); prev = line
        for probe in sys.argv[3:]:
            row, col = map(int, probe.split(","))
            x, y = 12 + col * 9 + 1, 28 + 12 + row * 18 + 1
            print("#%02x%02x%02x" % tuple(rows[y][x * bpp:x * bpp + 3]))
        for text in root.iter("{http://www.w3.org/2000/svg}text"):
            if text.get("font-size") is None:
                print((int(text.get("y")) - 28 - 12 - 14) // 18, (int(text.get("x")) - 12) // 9,
                      int(text.get("textLength", "9")) // 9, text.text)
        """#

    /// The probed colours, then each run of text.
    static func draw(_ svg: URL, probes: [String]) async throws -> (colors: [String], texts: [(row: Int, column: Int, columns: Int, text: String)]) {
        let python = try #require(ChildProcess.find("python3"), "python3 is needed (.ci/install-deps)")
        try #require(ChildProcess.find("rsvg-convert") != nil, "rsvg-convert is needed: apt-get install librsvg2-bin (.ci/install-deps)")
        let png = svg.deletingPathExtension().appendingPathExtension("png").path
        let result = try await ChildProcess.run(python, ["-c", probe, svg.path, png] + probes)
        #expect(result.status == 0, "\(result.stderr)")
        let colors = Array(result.stdoutLines.prefix(probes.count))
        let texts = result.stdoutLines.dropFirst(probes.count).map { line in
            let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
            return (Int(parts[0]) ?? -1, Int(parts[1]) ?? -1, Int(parts[2]) ?? -1, parts.count > 3 ? parts[3] : "")
        }
        return (colors, texts)
    }

    @Test("Each theme: the terminal's background, the selected row in reverse video, a warning in yellow", arguments: [
        ("dark", ["#1e1e2e", "#d8dee9", "#e5c07b"]),
        ("light", ["#fafafa", "#383a42", "#a66f00"]),
    ])
    func colours(theme: String, expected: [String]) async throws {
        let folder = try TemporaryDirectory()
        let svg = folder.url.appendingPathComponent("list.svg")
        // Bird Food: row 1 is selected (bold reverse from the blank before the name, column 2, to the blank after it), row 5's ⚠ is bold yellow.
        let result = try await StorefrontCommand.run(
            ["snapshot", "--keys", Self.keys, "--svg", svg.path, "--theme", theme], environment: ["NO_COLOR": nil, "TERM": nil]
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let styles = try await StorefrontCommand.run(["snapshot", "--keys", Self.keys, "--styles"], environment: ["NO_COLOR": nil, "TERM": nil])
        #expect(styles.stdoutLines.contains("row 1 col 2-19: bold reverse"))
        #expect(styles.stdoutLines.contains("row 5 col 63-73: fg=yellow"))

        let drawn = try await Self.draw(svg, probes: ["10,40", "1,2"])
        #expect(drawn.colors == Array(expected.prefix(2)))
        // Glyphs are anti-aliased, so the yellow is read from the label's fill, not a pixel.
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.contains("fill=\"\(expected[2])\" textLength=\"99\" lengthAdjust=\"spacing\">Unavailable</text>"))
    }

    @Test("Every run of text is one <text> over the cells where the snapshot has it, and nothing else is drawn")
    func textInCells() async throws {
        let folder = try TemporaryDirectory()
        let svg = folder.url.appendingPathComponent("list.svg")
        _ = try await StorefrontCommand.run(["snapshot", "--keys", Self.keys, "--svg", svg.path], environment: ["NO_COLOR": nil, "TERM": nil])
        let screen = try await StorefrontCommand.run(["snapshot", "--keys", Self.keys], environment: ["NO_COLOR": nil, "TERM": nil])
        let drawn = try await Self.draw(svg, probes: [])
        // The rows again from the pictures' runs alone: each run's text at its column.
        var rows = screen.stdoutLines.map { Array(repeating: " ", count: $0.count) }
        for (row, column, columns, text) in drawn.texts {
            #expect(columns == text.count, "\(text) is stretched over \(columns) columns")
            for (offset, character) in text.enumerated() { rows[row][column + offset] = String(character) }
        }
        #expect(rows.map { $0.joined() } == screen.stdoutLines)
        #expect(drawn.texts.contains { $0.text == "Unavailable" })
    }

    @Test("A tape's picture is searchable text: the tip jar's thank-you holds whole names, in under 12 KB")
    func searchableThankYou() async throws {
        let folder = try TemporaryDirectory()
        let result = try await StorefrontCommand.run(
            ["demo", PackagePaths.demos.appendingPathComponent("tip-jar.tape").path, "--svg", folder.url.path]
        )
        #expect(result.status == 0, "\(result.stderr)")
        let picture = folder.url.appendingPathComponent("thank-you.svg")
        let drawn = try await Self.draw(picture, probes: [])
        for name in ["Extra Fine Tip", "Thank you!", "Your Fine Tip purchase is complete."] {
            #expect(drawn.texts.contains { $0.text.contains(name) }, "\(name) is not one <text>")
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: picture.path)[.size] as? Int)
        #expect(size < 12_000, "\(size) bytes")
    }

    @Test("demo --svg draws each Snapshot of the tape, named after it, as well-formed SVG")
    func demoPictures() async throws {
        let folder = try TemporaryDirectory()
        let result = try await StorefrontCommand.run(
            ["demo", PackagePaths.demos.appendingPathComponent("tip-jar.tape").path, "--svg", folder.url.path, "--theme", "light"]
        )
        #expect(result.status == 0, "\(result.stderr)")
        let pictures = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(pictures == ["thank-you.svg"])
        let drawn = try await Self.draw(folder.url.appendingPathComponent("thank-you.svg"), probes: ["15,40"])
        #expect(drawn.colors == ["#fafafa"])
        #expect(drawn.texts.contains { $0.text.hasSuffix("Extra Fine Tip") })
    }
}
