import SnapshotTesting
import Testing
import TerminalUI

/// Asserts that the app's screen, once it has settled, matches the snapshot on disk, with
/// one of the screen strategies (`.screen`, `.styledScreen`, `.svg`); records it when there
/// is none. The same bytes every run: the app runs on its virtual clock, and dates are shown
/// in `AppOptions.timeZone` (UTC unless told), whatever the machine's time zone.
///
/// ```swift
/// @Test func birdFoodInPounds() async throws {
///     let app = await HeadlessApp(backend: store, layout: layout)
///     await app.press(.down, .enter)
///     await app.wait(.seconds(1))
///     await assertSnapshot(of: app, as: .styledScreen)
/// }
/// ```
///
/// An app that gave up settling (now or earlier in the test) fails the test and its screen
/// is neither compared nor recorded: it is not the screen the test's keys lead to.
///
/// It renders first and then compares the screen, because swift-snapshot-testing blocks its
/// thread while it waits for a snapshot, and an app rendering meanwhile would need that thread.
public func assertSnapshot(
    of app: HeadlessApp,
    as strategy: Snapshotting<Buffer, String>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) async {
    let screen = await app.render()
    if let timeout = app.settleTimeouts.first {
        Issue.record(
            "not snapshotted: \(timeout)",
            sourceLocation: SourceLocation(
                fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)
            )
        )
        return
    }
    assertSnapshot(
        of: screen, as: strategy, named: name, record: record,
        fileID: fileID, file: filePath, testName: testName, line: line, column: column
    )
}
