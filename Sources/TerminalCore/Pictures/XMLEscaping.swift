extension String {
    /// The text with XML's five special characters as entities, for element text and
    /// attribute values alike; control characters, which XML cannot hold, are left out.
    var xmlEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            // XML 1.0 has no way to write these at all.
            case _ where character.unicodeScalars.contains(where: { $0.value < 0x20 }): continue
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
