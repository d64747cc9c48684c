/// Where padding puts the text inside the width.
public enum TextAlignment: Sendable, Hashable {
    case leading, center, trailing
}

extension String {
    /// This string cut to at most `width` display columns, ending in `ellipsis` when
    /// something was cut. Wide characters are never split; spaces before the ellipsis
    /// are dropped. If the ellipsis itself does not fit, the text is cut without one.
    ///
    /// ```swift
    /// "Backyard Birds Pass".truncated(toWidth: 10)  // "Backyard…"
    /// "鳥の餌セット".truncated(toWidth: 6)              // "鳥の…" (5 columns)
    /// ```
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        guard displayWidth(of: self) > width else { return self }
        let ellipsisWidth = displayWidth(of: ellipsis)
        let suffix = ellipsisWidth <= width ? ellipsis : ""
        let budget = width - displayWidth(of: suffix)
        var kept = ""
        var used = 0
        for cluster in self {
            let clusterWidth = displayWidth(of: cluster)
            guard used + clusterWidth <= budget else { break }
            kept.append(cluster)
            used += clusterWidth
        }
        if !suffix.isEmpty {
            while kept.last == " " { kept.removeLast() }
        }
        return kept + suffix
    }

    /// This string widened with spaces to `width` display columns; a string already
    /// that wide or wider is returned unchanged. Centring puts the odd space on the right.
    ///
    /// ```swift
    /// "￥120".padded(toWidth: 7, alignment: .trailing)  // "  ￥120"
    /// ```
    public func padded(toWidth width: Int, alignment: TextAlignment = .leading) -> String {
        let missing = width - displayWidth(of: self)
        guard missing > 0 else { return self }
        let left: Int
        switch alignment {
        case .leading: left = 0
        case .center: left = missing / 2
        case .trailing: left = missing
        }
        return String(repeating: " ", count: left) + self + String(repeating: " ", count: missing - left)
    }
}
