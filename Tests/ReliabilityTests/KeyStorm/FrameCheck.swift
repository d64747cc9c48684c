import TerminalUI

/// What every frame must satisfy, whatever was pressed: it is exactly the terminal's size,
/// its cursor (if any) is on screen, and no wide character is cut at the right edge or left
/// without its continuation cell.
enum FrameCheck {
    /// The problems with `frame` for a terminal of `size`; empty when it fits.
    static func problems(in frame: AppFrame, size: TerminalSize, checkingCells: Bool) -> [String] {
        let buffer = frame.buffer
        guard buffer.width == size.width, buffer.height == size.height else {
            return ["a \(buffer.width)x\(buffer.height) frame for a \(size.width)x\(size.height) terminal"]
        }
        var problems: [String] = []
        if let cursor = frame.cursor, !(0..<size.width).contains(cursor.x) || !(0..<size.height).contains(cursor.y) {
            problems.append("the cursor at \(cursor.x),\(cursor.y) is off a \(size.width)x\(size.height) screen")
        }
        guard checkingCells else { return problems }
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer.cells[y * buffer.width + x]
                if cell.width == 2, x + 1 >= buffer.width || !buffer.cells[y * buffer.width + x + 1].isContinuation {
                    problems.append("the wide \(cell.symbol) at \(x),\(y) has no continuation cell")
                } else if cell.isContinuation, x == 0 || buffer.cells[y * buffer.width + x - 1].width != 2 {
                    problems.append("a continuation cell at \(x),\(y) follows no wide character")
                }
            }
        }
        return problems
    }
}
