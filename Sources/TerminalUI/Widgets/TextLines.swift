extension String {
    /// This text wrapped to `width`, kept to `maxLines`: when more would follow, the last
    /// line takes the rest, cut with the ellipsis.
    func wrapped(toWidth width: Int, maxLines: Int, ellipsis: String) -> [String] {
        let lines = wrapped(toWidth: width)
        guard lines.count > maxLines, maxLines > 0 else { return lines }
        let tail = lines[(maxLines - 1)...].joined(separator: " ")
        return Array(lines.prefix(maxLines - 1)) + [tail.truncated(toWidth: width, ellipsis: ellipsis)]
    }
}
