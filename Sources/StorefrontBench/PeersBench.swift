import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 17's side-by-side table: the storefront and three other terminal list programs,
/// each showing N one-line products ("Product 00001  £0.99") on the same 80x24
/// pseudo-terminal (TERM=xterm-256color, LC_ALL=C.UTF-8), measured the same way:
///
/// - start-up: from `posix_spawn` until the first frame has settled: "00001" (the first
///   product's number; dialog draws its "P" in another colour) has arrived and then nothing
///   for 200 ms; the time of the last byte before that quiet;
/// - peak RSS: VmHWM of the process after the moves;
/// - bytes per move: Down (`ESC O B`, what xterm sends in keypad mode) pressed 100 times, or
///   until the last product when N is smaller; each move's bytes read from the first one
///   until 30 ms of quiet (each program writes a frame at once); the median;
/// - in-page: the median of the first five moves, which stay on the first page in every
///   program.
///
/// The programs: `storefront run --in-memory --latency 0` with a one-shop compact layout
/// holding every product, opened at start (STOREFRONT_PRESS=enter); `bench/peers/list.c`,
/// a plain ncurses list that formats only the visible rows, compiled for the run; and
/// Debian's `dialog --menu` and `whiptail --menu`, every product an argument.
struct PeersBench {
    static let sizes = [64, 2_048, 16_384, 100_000]
    static let moves = 100
    static let inPageMoves = 5

    struct Figures {
        var startupMs: Double
        var peakRSSMB: Double
        var bytesPerMove: Double
        var bytesPerMoveInPage: Double
    }

    struct Program {
        /// Its key in bench/results.json.
        let key: String
        /// Its column in the table.
        let name: String
        let executable: String
        /// The arguments that show `count` products (files it needs go in `folder`).
        let arguments: (_ count: Int, _ folder: URL) throws -> [String]
        var environment: [String: String] = [:]
    }

    let programs: [Program]
    let folder: URL

    /// The four programs; the C list is compiled from `source` into `folder` with the
    /// system's `cc`. dialog and whiptail are looked up on PATH (`.ci/install-deps --bench`
    /// installs them).
    init(storefront: String, source: String, folder: URL) throws {
        self.folder = folder
        let list = folder.appendingPathComponent("ncurses-list").path
        try ChildProcess.run("/usr/bin/env", ["cc", "-O2", "-o", list, source, "-lncursesw"], outputPath: "/dev/null")
        func onPath(_ name: String) throws -> String {
            let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            guard let found = directories.map({ "\($0)/\(name)" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
                throw BenchError("peers: \(name) is not installed (.ci/install-deps --bench installs it)")
            }
            return found
        }
        // Every product a menu item: its tag a number (hidden), its text the product.
        let menu = { (count: Int) in (1...count).flatMap { [String($0), Self.line($0)] } }
        programs = [
            Program(key: "storefront", name: "storefront", executable: storefront, arguments: { count, folder in
                let (catalog, layout) = try Self.storefrontFiles(count: count, folder: folder)
                return ["run", "--catalog", catalog.path, "--layout", layout.path, "--latency", "0", "--in-memory"]
            }, environment: ["STOREFRONT_PRESS": "enter"]),
            Program(key: "ncurses_list", name: "C ncurses list (visible rows only)", executable: list, arguments: { count, _ in [String(count)] }),
            Program(key: "dialog", name: "dialog", executable: try onPath("dialog"), arguments: { count, _ in
                ["--no-tags", "--menu", "Products", "22", "78", "16"] + menu(count)
            }),
            Program(key: "whiptail", name: "whiptail", executable: try onPath("whiptail"), arguments: { count, _ in
                ["--notags", "--menu", "Products", "22", "78", "16"] + menu(count)
            }),
        ]
    }

    /// Product `number` as every program shows it.
    static func line(_ number: Int) -> String {
        let digits = String(number)
        return "Product " + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + "  £0.99"
    }

    /// For the storefront: a `.storekit` file of `count` consumables named as `line` says,
    /// at £0.99 in the British storefront, and a layout with one compact shop of them all.
    static func storefrontFiles(count: Int, folder: URL) throws -> (catalog: URL, layout: URL) {
        let catalog = folder.appendingPathComponent("Peers\(count).storekit")
        let layout = folder.appendingPathComponent("Peers\(count).json")
        if !FileManager.default.fileExists(atPath: catalog.path) {
            var products: [String] = []
            var ids: [String] = []
            products.reserveCapacity(count)
            for number in 1...count {
                let id = "com.example.peers.\(number)"
                let name = String(line(number).prefix(13))
                ids.append("\"\(id)\"")
                products.append("""
                    {"displayPrice":"0.99","familyShareable":false,"internalID":"\(String(format: "%08X", number))",\
                    "localizations":[{"description":"","displayName":"\(name)","locale":"en_GB"}],\
                    "productID":"\(id)","referenceName":"\(name)","type":"Consumable"}
                    """)
            }
            let file = """
                {"identifier":"5045455253","nonRenewingSubscriptions":[],"products":[\(products.joined(separator: ","))],\
                "settings":{"_locale":"en_GB","_storefront":"GBR"},"subscriptionGroups":[],"version":{"major":4,"minor":0}}
                """
            try Data(file.utf8).write(to: catalog)
            let shops = """
                {"title":"Peers","shops":[{"id":"all","title":"All products","kind":"store","style":"compact",\
                "productIDs":[\(ids.joined(separator: ","))]}]}
                """
            try Data(shops.utf8).write(to: layout)
        }
        return (catalog, layout)
    }

    /// One run of `program` showing `count` products.
    func measure(_ program: Program, count: Int) throws -> Figures {
        let arguments = try program.arguments(count, folder)
        let session = try withArgumentRoom {
            try TerminalSession(program.executable, arguments, environment: program.environment.merging(["LC_ALL": "C.UTF-8"]) { $1 })
        }
        defer { session.end() }
        let startup = try session.waitForSettled("00001", quiet: .milliseconds(200), limit: .seconds(180))
        var moves: [Double] = []
        for _ in 0..<min(Self.moves, count - 1) {
            moves.append(Double(session.answer(to: "\u{1B}OB", quiet: .milliseconds(30)).count))
        }
        return Figures(
            startupMs: startup.milliseconds, peakRSSMB: try session.megabytes("VmHWM:"),
            bytesPerMove: Samples(moves).median, bytesPerMoveInPage: Samples(Array(moves.prefix(Self.inPageMoves))).median
        )
    }

    /// Runs `body` with an 32 MB stack limit, which the kernel reads to size the room for a
    /// new program's arguments (a quarter of it, at most 6 MB): dialog and whiptail take
    /// 100,000 products as 200,000 arguments, 3.5 MB. The limit is put back afterwards.
    private func withArgumentRoom<T>(_ body: () throws -> T) rethrows -> T {
        var saved = rlimit()
        getrlimit(Int32(RLIMIT_STACK.rawValue), &saved)
        var wider = saved
        wider.rlim_cur = min(saved.rlim_max, 32 << 20)  // RLIM_INFINITY is the largest value
        setrlimit(Int32(RLIMIT_STACK.rawValue), &wider)
        defer { setrlimit(Int32(RLIMIT_STACK.rawValue), &saved) }
        return try body()
    }

    /// Every program at every size, `runs` times each, sizes taking turns; medians by
    /// program key and size.
    func run(runs: Int, progress: (String) -> Void) throws -> [String: [Int: Figures]] {
        var samples: [String: [Int: [Figures]]] = [:]
        for round in 0..<runs {
            for count in Self.sizes {
                for program in programs {
                    progress("peers: \(program.name), \(count) products (run \(round + 1) of \(runs))")
                    samples[program.key, default: [:]][count, default: []].append(try measure(program, count: count))
                }
            }
        }
        return samples.mapValues { bySize in
            bySize.mapValues { runs in
                Figures(
                    startupMs: Samples(runs.map(\.startupMs)).median, peakRSSMB: Samples(runs.map(\.peakRSSMB)).median,
                    bytesPerMove: Samples(runs.map(\.bytesPerMove)).median,
                    bytesPerMoveInPage: Samples(runs.map(\.bytesPerMoveInPage)).median
                )
            }
        }
    }

    /// The table for BENCHMARKS.md: a row per figure, a column per program, the sizes in
    /// each cell.
    func table(_ figures: [String: [Int: Figures]]) -> String {
        let header = "| N = " + Self.sizes.map { $0.formatted() }.joined(separator: " / ") + " | "
            + programs.map(\.name).joined(separator: " | ") + " |"
        let rule = "|---|" + programs.map { _ in "---|" }.joined()
        let rows: [(String, KeyPath<Figures, Double>)] = [
            ("start-up to first settled frame, ms", \.startupMs), ("peak RSS, MB", \.peakRSSMB),
            ("bytes per move, median", \.bytesPerMove), ("bytes per in-page move (first 5 moves)", \.bytesPerMoveInPage),
        ]
        let lines = rows.map { title, key in
            "| \(title) | " + programs.map { program in
                Self.sizes.map { Report.format(figures[program.key]?[$0]?[keyPath: key] ?? .nan) }.joined(separator: " / ")
            }.joined(separator: " | ") + " |"
        }
        return ([header, rule] + lines).joined(separator: "\n")
    }
}
