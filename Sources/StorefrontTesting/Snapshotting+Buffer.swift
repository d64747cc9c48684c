import SnapshotTesting
import TerminalUI

extension Snapshotting where Value == Buffer, Format == String {
    /// The screen's text, one line per row, each padded to the width: a `.txt` file.
    ///
    /// ```swift
    /// await assertSnapshot(of: app, as: .screen)   // a HeadlessApp, or any Buffer
    /// ```
    public static var screen: Snapshotting {
        Snapshotting<String, String>.lines.pullback { $0.snapshotText(styles: false) }
    }

    /// The text, a `---` line, then the style runs (`row 2 col 4-9: bold fg=green`), as
    /// `storefront snapshot --styles` prints them: a `.txt` file that also fails on a
    /// changed colour.
    ///
    /// ```swift
    /// await assertSnapshot(of: app, as: .styledScreen)
    /// ```
    public static var styledScreen: Snapshotting {
        Snapshotting<String, String>.lines.pullback { $0.snapshotText() }
    }

    /// A picture of the screen in a terminal window (`Buffer.svg(theme:title:)`): an `.svg`
    /// file a reviewer sees in a pull request, compared as text.
    ///
    /// ```swift
    /// await assertSnapshot(of: app, as: .svg(theme: .light, title: "Backyard Birds"))
    /// ```
    public static func svg(theme: SVGTheme = .dark, title: String = "storefront") -> Snapshotting {
        var strategy = Snapshotting<String, String>.lines.pullback { (buffer: Buffer) in buffer.svg(theme: theme, title: title) }
        strategy.pathExtension = "svg"
        return strategy
    }

    /// The dark picture, titled "storefront".
    public static var svg: Snapshotting { svg() }
}
