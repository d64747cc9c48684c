import Foundation
import Testing

/// A demo tape from Resources/Demos as `storefront demo` plays it: its frames file and its
/// asciinema cast. Each demo is played once per test run, for every test that looks at it.
public struct DemoRecording: Sendable {
    /// A frames file: each `── name (t=…) ──` section's lines.
    public struct Frames: Sendable {
        public let sections: [(name: String, lines: [String])]

        public init(_ text: String) {
            var sections: [(String, [String])] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("── "), let name = line.dropFirst(3).split(separator: " ").first {
                    sections.append((String(name), []))
                } else if !sections.isEmpty, !line.isEmpty || sections[sections.count - 1].1.count < 24 {
                    sections[sections.count - 1].1.append(String(line))
                }
            }
            self.sections = sections
        }

        public func named(_ name: String) throws -> [String] {
            try #require(sections.first { $0.name == name }, "no frame named \(name) in \(sections.map(\.name))").lines
        }

        /// The last screen of the tape.
        public var final: [String] { sections.last?.lines ?? [] }
    }

    public let frames: Frames
    public let cast: String

    /// The demos in Resources/Demos, by tape name.
    public static let demos = ["tip-jar", "cheers-ja", "cheers-zh-Hans", "trial-upgrade", "ask-to-buy", "failed-purchase", "restore", "win-back", "promotional-offer", "price-increase", "billing-recovery"]

    /// `demo` (a tape name in Resources/Demos) played by `storefront demo`, once.
    public static func of(_ demo: String) async throws -> DemoRecording {
        try await Plays.shared.of(demo)
    }

    private actor Plays {
        static let shared = Plays()
        private var plays: [String: Task<DemoRecording, any Error>] = [:]

        func of(_ demo: String) async throws -> DemoRecording {
            if let play = plays[demo] { return try await play.value }
            let play = Task { try await DemoRecording.record(demo) }
            plays[demo] = play
            return try await play.value
        }
    }

    private static func record(_ demo: String) async throws -> DemoRecording {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tape = PackagePaths.demos.appendingPathComponent("\(demo).tape").path
        let cast = folder.appendingPathComponent("demo.cast")
        let frames = folder.appendingPathComponent("demo.txt")
        let output = try await StorefrontCommand.run(["demo", tape, "--cast", cast.path, "--frames", frames.path])
        try #require(output.status == 0, "storefront demo \(demo) failed: \(output.stderr)")
        return DemoRecording(
            frames: Frames(try String(contentsOf: frames, encoding: .utf8)),
            cast: try String(contentsOf: cast, encoding: .utf8)
        )
    }
}

extension Array where Element == String {
    /// The first line of a frame that contains `text`, or nil.
    ///
    /// ```swift
    /// try frames.named("sheet").line(containing: "Confirm Purchase")
    /// ```
    public func line(containing text: String) -> String? {
        first { $0.contains(text) }
    }
}
