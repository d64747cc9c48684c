import ArgumentParser
import Foundation
import StoreCatalog
import StorefrontCommandLine
import TerminalUI

/// `snapshot --shots FILE --record DIR | --check DIR`: each shot's screen against
/// `DIR/NAME.txt`, which holds exactly what `storefront snapshot --styles` prints for it.
///
/// ```swift
/// try await ShotsRun(file: "shots", storeOptions: options, screenOptions: screen).check(in: "Snapshots")
/// ```
struct ShotsRun {
    let file: String
    let storeOptions: StoreOptions
    let screenOptions: ScreenOptions

    /// Writes every shot's recording into `directory`, creating it.
    func record(in directory: String) async throws {
        let shots = try readShots()
        try createOutputDirectory(directory)
        for shot in shots {
            try writeOutput(try await screen(of: shot), to: recording(of: shot, in: directory))
        }
        print("recorded \(shots.count) shot\(shots.count == 1 ? "" : "s") in \(directory)")
    }

    /// Prints a unified diff of each shot that differs from its recording; fails with exit
    /// 1 when one differs or has no recording.
    func check(in directory: String) async throws {
        let shots = try readShots()
        var differing: [String] = []
        var unrecorded: [String] = []
        for shot in shots {
            let path = recording(of: shot, in: directory)
            guard let data = FileManager.default.contents(atPath: path) else {
                unrecorded.append(shot.name)
                continue
            }
            let now = try await screen(of: shot)
            if let diff = LineDiff.unified(old: String(decoding: data, as: UTF8.self), new: now, oldName: path, newName: "\(shot.name) (now)") {
                print(diff, terminator: "")
                differing.append(shot.name)
            }
        }
        var problems: [String] = []
        if !differing.isEmpty { problems.append("\(differing.joined(separator: ", ")) differ\(differing.count == 1 ? "s" : "") from \(directory)") }
        if !unrecorded.isEmpty {
            problems.append("\(unrecorded.joined(separator: ", ")) \(unrecorded.count == 1 ? "has" : "have") no recording in \(directory) (make one with --record)")
        }
        guard problems.isEmpty else { throw CommandFailure(problems.joined(separator: "; "), exitCode: ExitCode(1)) }
        print("\(shots.count) shot\(shots.count == 1 ? "" : "s") match \(directory)")
    }

    private func readShots() throws -> [Shot] {
        let url = URL(fileURLWithPath: file)
        let data: Data
        do {
            data = try FileBytes.read(url)
        } catch {
            throw CommandFailure("\(file): no such shots file", exitCode: .noInput)
        }
        return try ShotsFile.parse(String(decoding: data, as: UTF8.self), file: file, folder: url.deletingLastPathComponent())
    }

    private func recording(of shot: Shot, in directory: String) -> String {
        (directory as NSString).appendingPathComponent("\(shot.name).txt")
    }

    /// The shot's screen in the recordings' format, its settings over the command line's.
    private func screen(of shot: Shot) async throws -> String {
        var store = storeOptions
        var screen = screenOptions
        if let catalog = shot.catalog { store.catalogOption.catalog = catalog }
        if let layout = shot.layout { screen.layoutOption.layout = layout }
        if let locale = shot.locale { store.locale = locale }
        if let storefront = shot.storefront { store.storefront = Parsed(argument: storefront) }
        let buffer = try await SnapshotScreen.render(storeOptions: store, screenOptions: screen, size: shot.size, keys: shot.keys)
        return buffer.snapshotText() + "\n"
    }
}
