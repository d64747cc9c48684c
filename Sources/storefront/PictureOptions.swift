import ArgumentParser
import Foundation
import TerminalUI

/// `--theme`, for the commands that draw SVG pictures (`snapshot --svg`, `demo --svg`).
struct PictureOptions: ParsableArguments {
    enum Theme: String, ExpressibleByArgument, CaseIterable {
        case dark, light
    }

    @Option(help: "The pictures' colours.")
    var theme = Theme.dark

    /// `buffer` as an SVG picture in the chosen theme.
    func picture(of buffer: Buffer, title: String) -> String {
        buffer.svg(theme: theme == .dark ? .dark : .light, title: title)
    }
}
