import TerminalUI

/// Splits one tape line into words: runs of non-space characters, or double-quoted
/// strings, which may hold spaces and the escapes `\"` and `\\`. A word starting with
/// `#` starts a comment that runs to the end of the line (quote it to press `#`).
///
/// ```swift
/// try TapeWords.split(#"WaitFor "Thank you""#)  // ["WaitFor", "Thank you"]
/// try TapeWords.split("Press down enter  # buy") // ["Press", "down", "enter"]
/// ```
enum TapeWords {
    /// - Throws: a message for an unterminated string or a stray quote inside a word.
    static func split(_ line: Substring) throws(TapeLineError) -> [String] {
        var words: [String] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character.isWhitespace {
                index = line.index(after: index)
            } else if character == "\"" {
                let (word, end) = try quoted(line, from: line.index(after: index))
                words.append(word)
                index = end
            } else if character == "#" {
                return words
            } else {
                let end = line[index...].firstIndex(where: \.isWhitespace) ?? line.endIndex
                let word = line[index..<end]
                if word.contains("\"") {
                    throw TapeLineError("a quote inside \(word): put a space before a quoted string")
                }
                words.append(String(word))
                index = end
            }
        }
        return words
    }

    /// The string after an opening quote, and the index after its closing quote.
    private static func quoted(_ line: Substring, from start: Substring.Index) throws(TapeLineError) -> (String, Substring.Index) {
        var word = ""
        var index = start
        while index < line.endIndex {
            let character = line[index]
            index = line.index(after: index)
            switch character {
            case "\"":
                guard index == line.endIndex || line[index].isWhitespace else {
                    throw TapeLineError("text right after a closing quote: separate words with spaces")
                }
                return (word, index)
            case "\\":
                guard index < line.endIndex, line[index] == "\"" || line[index] == "\\" else {
                    throw TapeLineError(#"only \" and \\ may follow a backslash in a quoted string"#)
                }
                word.append(line[index])
                index = line.index(after: index)
            default:
                word.append(character)
            }
        }
        throw TapeLineError("unterminated string: a quote is missing")
    }
}

/// What is wrong with one line of a tape; `Tape` adds the file and line number.
struct TapeLineError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
