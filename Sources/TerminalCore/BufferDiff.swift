extension Buffer {
    /// A run of changed columns on one row.
    public struct Change: Sendable, Hashable {
        /// The row.
        public var y: Int
        /// Columns to rewrite; never starts or ends inside a wide symbol.
        public var columns: Range<Int>

        public init(y: Int, columns: Range<Int>) {
            self.y = y
            self.columns = columns
        }
    }

    /// The runs of cells that differ from `previous`, row by row, left to right. When the
    /// sizes differ every row is one full-width run. Identical buffers give no runs,
    /// which is how a backend knows an idle frame needs no output at all.
    ///
    /// ```swift
    /// let before = Buffer(lines: ["Buy  ￥300"])
    /// var after = before
    /// after.write("￥320", x: 5, y: 0)
    /// after.diff(from: before)  // [Change(y: 0, columns: 8..<9)]: only "2" changed
    /// ```
    public func diff(from previous: Buffer) -> [Change] {
        guard previous.width == width, previous.height == height else {
            return width == 0 ? [] : (0..<height).map { Change(y: $0, columns: 0..<width) }
        }
        var changes: [Change] = []
        cells.withUnsafeBufferPointer { new in
            previous.cells.withUnsafeBufferPointer { old in
                for row in 0..<height {
                    let rowStart = row * width
                    var column = 0
                    while column < width {
                        guard new[rowStart + column] != old[rowStart + column] else {
                            column += 1
                            continue
                        }
                        var start = column
                        while start > 0 && new[rowStart + start].isContinuation { start -= 1 }
                        var end = column + 1
                        while end < width && (new[rowStart + end] != old[rowStart + end] || new[rowStart + end].isContinuation) {
                            end += 1
                        }
                        changes.append(Change(y: row, columns: start..<end))
                        column = end
                    }
                }
            }
        }
        return changes
    }
}
