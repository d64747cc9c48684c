import Foundation

/// The table the benchmark prints: one row per figure with its target and whether it
/// was met; rows without a target are context (ratios, warm numbers, breakdowns).
///
/// ```swift
/// var report = Report()
/// report.add("startup_ms", 41.2, unit: "ms", target: "< 50", met: 41.2 < 50)
/// print(report.table)
/// ```
struct Report {
    struct Row {
        let figure: String
        let value: String
        let target: String
        let met: Bool?
    }

    private(set) var rows: [Row] = []

    mutating func add(_ figure: String, _ value: Double, unit: String, target: String = "", met: Bool? = nil) {
        rows.append(Row(figure: figure, value: Self.format(value) + (unit.isEmpty ? "" : " " + unit), target: target, met: met))
    }

    /// Every row as a Markdown table, ready for BENCHMARKS.md.
    var table: String {
        let header = ["figure", "median", "target", "met?"]
        let cells = rows.map { row in
            [row.figure, row.value, row.target, row.met.map { $0 ? "yes" : "NO" } ?? ""]
        }
        let widths = header.indices.map { column in
            ([header[column]] + cells.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ values: [String]) -> String {
            "| " + zip(values, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(header), rule] + cells.map(line)).joined(separator: "\n")
    }

    /// Three significant digits, no exponent: 0.0123, 1.23, 123, 12345.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        guard value != 0 else { return "0" }
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : magnitude >= 0.1 ? 3 : 4
        return String(format: "%.\(decimals)f", value)
    }
}
