/// The top line of a screen: the title on the left in bold, a note (storefront, status)
/// on the right, dimmed.
///
/// ```swift
/// TitleBar(title: "Backyard Birds", trailing: "United Kingdom · GBP")
///     .render(in: Rect(x: 0, y: 0, width: 80, height: 1), context: context, into: &buffer)
/// ```
public struct TitleBar: Sendable, Hashable, Widget {
    public var title: String
    /// Where in the store the customer is, after the title: "Backyard Birds › Bird Food".
    /// When space is short the title gives way first, so the place is never lost.
    public var location: String?
    public var trailing: String?

    public init(title: String, location: String? = nil, trailing: String? = nil) {
        self.title = title
        self.location = location
        self.trailing = trailing
    }

    /// Draws the bar on the first row of `area`.
    public func render(in area: Rect, context: StoreContext, into buffer: inout Buffer) {
        let options = context.options
        guard !area.isEmpty else { return }
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        buffer.clear(row)
        let ellipsis = options.glyph(.ellipsis)
        var titleEnd = row.maxX - 1
        if let trailing, !trailing.isEmpty {
            let note = trailing.truncated(toWidth: max(0, row.width / 2 - 1), ellipsis: ellipsis)
            titleEnd = buffer.writeTrailing(note, endingAt: row.maxX - 1, y: row.y, style: options.style(Palette.secondary), within: row) - 2
        }
        buffer.write(breadcrumb(width: max(0, titleEnd - row.x - 1), options: options), x: row.x + 1, y: row.y, style: options.style(Palette.title), within: row)
    }

    /// The title and the location in `width` columns, the title shortened first.
    private func breadcrumb(width: Int, options: RenderOptions) -> String {
        let ellipsis = options.glyph(.ellipsis)
        guard let location else { return title.truncated(toWidth: width, ellipsis: ellipsis) }
        let separator = " \(options.glyph(.pointer)) "
        let room = width - displayWidth(of: separator) - displayWidth(of: location)
        // Less than a letter and an ellipsis of the title would only be noise.
        guard room >= 2 || displayWidth(of: title) <= room else { return location.truncated(toWidth: width, ellipsis: ellipsis) }
        return title.truncated(toWidth: room, ellipsis: ellipsis) + separator + location
    }
}

/// The bottom line of a screen: what the keys do, from the same `KeyBinding` table that
/// dispatches them (entries that do not fit are left out whole).
///
/// ```swift
/// HelpBar(bindings: [KeyBinding([.enter], help: "buy", action: Action.buy)])
///     .render(in: Rect(x: 0, y: 23, width: 80, height: 1), context: context, into: &buffer)
/// // " enter buy"
/// ```
public struct HelpBar<Action: Sendable & Hashable>: Sendable, Hashable, Widget {
    public var bindings: [KeyBinding<Action>]

    public init(bindings: [KeyBinding<Action>]) {
        self.bindings = bindings
    }

    /// Draws the bar on the first row of `area`.
    public func render(in area: Rect, context: StoreContext, into buffer: inout Buffer) {
        let options = context.options
        guard !area.isEmpty else { return }
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        buffer.clear(row)
        let line = bindings.helpLine(width: max(0, row.width - 2), options: options)
        buffer.write(line, x: row.x + 1, y: row.y, style: options.style(Palette.secondary), within: row)
    }
}

/// What shows instead of the store when the terminal is below the smallest usable size:
/// the size it is and the size it needs, centred.
///
/// ```swift
/// if !TooSmallMessage.fits(width: 28, height: 7) {
///     TooSmallMessage(width: 28, height: 7).render(in: screen, context: context, into: &buffer)
///     // "Terminal too small" / "28x7, needs 30x8"
/// }
/// ```
public struct TooSmallMessage: Sendable, Hashable, Widget {
    /// The narrowest screen the store draws on.
    public static let minimumWidth = 30
    /// The shortest screen the store draws on.
    public static let minimumHeight = 8

    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether a terminal of this size can show the store.
    public static func fits(width: Int, height: Int) -> Bool {
        width >= minimumWidth && height >= minimumHeight
    }

    /// Clears `area` and centres the message in it.
    public func render(in area: Rect, context: StoreContext, into buffer: inout Buffer) {
        let options = context.options
        buffer.clear(area)
        let sizes = options.text("%@, needs %@", "\(width)x\(height)", "\(Self.minimumWidth)x\(Self.minimumHeight)")
        func lines(_ texts: [(String, Style)]) -> [(String, Style)] {
            texts.flatMap { text, style in text.wrapped(toWidth: max(1, area.width)).map { ($0, style) } }
        }
        // The sizes matter most: on a tiny screen the heading gives way to them.
        var wrapped = lines([(options.text("Terminal too small"), Palette.warning), (sizes, Palette.secondary)])
        if wrapped.count > area.height { wrapped = lines([(sizes, Palette.secondary)]) }
        let top = area.y + max(0, (area.height - wrapped.count) / 2)
        for (row, (text, style)) in wrapped.enumerated() {
            buffer.writeCentered(text, in: area, y: top + row, style: options.style(style), ellipsis: "")
        }
    }
}
