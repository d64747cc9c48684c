import SnapshotTesting
import TerminalUI

extension Snapshotting where Value == HeadlessApp, Format == String {
    /// The app's screen as text, after it settles (see `Snapshotting<Buffer, String>.screen`).
    ///
    /// ```swift
    /// let app = await HeadlessApp(backend: store, layout: layout)
    /// await app.press(.down, .enter)
    /// await app.wait(.seconds(1))
    /// assertSnapshot(of: app, as: .screen)
    /// ```
    public static var screen: Snapshotting { Snapshotting<Buffer, String>.screen.rendering() }

    /// The app's screen as text and style runs.
    ///
    /// ```swift
    /// assertSnapshot(of: app, as: .styledScreen)
    /// ```
    public static var styledScreen: Snapshotting { Snapshotting<Buffer, String>.styledScreen.rendering() }

    /// A picture of the app's screen.
    ///
    /// ```swift
    /// assertSnapshot(of: app, as: .svg(theme: .light, title: "Backyard Birds"))
    /// ```
    public static func svg(theme: SVGTheme = .dark, title: String = "storefront") -> Snapshotting {
        Snapshotting<Buffer, String>.svg(theme: theme, title: title).rendering()
    }

    /// The dark picture, titled "storefront".
    public static var svg: Snapshotting { svg() }
}

extension Snapshotting where Value == Buffer, Format == String {
    /// This strategy for an app: its screen once it has settled.
    func rendering() -> Snapshotting<HeadlessApp, String> {
        asyncPullback { app in
            Async { callback in
                // swift-snapshot-testing hands over the callback and waits for it, with a
                // timeout; nothing else calls it, so it may cross to the rendering task.
                nonisolated(unsafe) let callback = callback
                Task { callback(await app.render()) }
            }
        }
    }
}
