// A screen as a picture: the terminal's grid in a window frame, deterministic to the byte.

extension Buffer {
    /// The screen as an SVG picture: each cell on a monospace grid (a wide character over
    /// its two cells), its colours, bold, dim, underline and reverse video, in a terminal
    /// window frame titled `title`. Text stays text, one `<text>` per run of same-styled
    /// glyphs, so a reader can find, select and copy "Extra Fine Tip". The same buffer always gives the same bytes.
    ///
    /// ```swift
    /// var buffer = Buffer(width: 20, height: 2)
    /// buffer.write("Thank you!", x: 0, y: 0, style: Style(.bold, foreground: .green))
    /// let picture = buffer.svg(theme: .light, title: "tip jar")
    /// picture.hasPrefix("<svg")  // true
    /// ```
    public func svg(theme: SVGTheme = .dark, title: String = "storefront") -> String {
        let grid = SVGGrid.self
        let pictureWidth = width * grid.cellWidth + 2 * grid.padding
        let pictureHeight = height * grid.cellHeight + 2 * grid.padding + grid.titleBarHeight
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(pictureWidth)" height="\(pictureHeight)" \
            viewBox="0 0 \(pictureWidth) \(pictureHeight)">
            <rect width="\(pictureWidth)" height="\(pictureHeight)" rx="8" fill="\(theme.frame)"/>
            <circle cx="18" cy="14" r="6" fill="#ff5f57"/><circle cx="38" cy="14" r="6" fill="#febc2e"/>\
            <circle cx="58" cy="14" r="6" fill="#28c840"/>
            <text x="\(pictureWidth / 2)" y="19" fill="\(theme.title)" font-family="\(grid.fontFamily)" \
            font-size="13" text-anchor="middle">\(title.xmlEscaped)</text>
            <rect x="0" y="\(grid.titleBarHeight)" width="\(pictureWidth)" height="\(pictureHeight - grid.titleBarHeight)" \
            fill="\(theme.background)"/>
            <g font-family="\(grid.fontFamily)" font-size="\(grid.fontSize)">

            """
        for y in 0..<height {
            svg += backgroundRects(row: y, theme: theme)
            svg += texts(row: y, theme: theme)
        }
        svg += "</g>\n</svg>\n"
        return svg
    }

    /// One rectangle per run of cells whose background is not the terminal's own.
    private func backgroundRects(row y: Int, theme: SVGTheme) -> String {
        var rects = ""
        var x = 0
        while x < width {
            let fill = SVGCellColors(style: cells[y * width + x].style, theme: theme).background
            var end = x + 1
            while end < width, SVGCellColors(style: cells[y * width + end].style, theme: theme).background == fill { end += 1 }
            if let fill {
                let origin = SVGGrid.origin(x: x, y: y)
                rects += "<rect x=\"\(origin.x)\" y=\"\(origin.y)\" width=\"\((end - x) * SVGGrid.cellWidth)\" "
                    + "height=\"\(SVGGrid.cellHeight)\" fill=\"\(fill)\"/>\n"
            }
            x = end
        }
        return rects
    }

    /// One `<text>` per run of same-styled glyphs (`SVGTextRun`), stretched to the columns it
    /// covers so each glyph stays on its cell whatever the viewer's font; spaces only have a
    /// background.
    private func texts(row y: Int, theme: SVGTheme) -> String {
        var texts = ""
        for run in SVGTextRun.runs(in: cells[(y * width)..<((y + 1) * width)]) {
            let style = run.style
            let origin = SVGGrid.origin(x: run.column, y: y)
            var attributes = "x=\"\(origin.x)\" y=\"\(origin.y + SVGGrid.baseline)\" fill=\"\(SVGCellColors(style: style, theme: theme).foreground)\""
            if style.modifiers.contains(.bold) { attributes += " font-weight=\"bold\"" }
            // Terminals draw dim as a fainter foreground.
            if style.modifiers.contains(.dim) { attributes += " fill-opacity=\"0.6\"" }
            if style.modifiers.contains(.underline) { attributes += " text-decoration=\"underline\"" }
            if run.glyphs.count > 1 {
                attributes += " textLength=\"\(run.columns * SVGGrid.cellWidth)\" lengthAdjust=\"spacing\""
            }
            texts += "<text \(attributes)>\(run.text.xmlEscaped)</text>\n"
        }
        return texts
    }
}
