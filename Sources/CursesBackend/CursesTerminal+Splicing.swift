import CNcursesw
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import TerminalUI

/// A cluster written over ncurses' stand-ins once `doupdate` has run (see `ClusterOutput`).
struct Splice {
    let x: Int
    let y: Int
    /// The cluster's display width, the columns ncurses' stand-ins take.
    let width: Int
    let output: ClusterOutput
    let rendition: Rendition
}

extension CursesTerminal {
    /// Writes each spliced cluster whole where ncurses keeps its stand-ins: the cursor
    /// addressed to its first column, its attributes, its bytes. Then the attributes and the
    /// cursor go back to what ncurses believes they are, so its next update is still right.
    ///
    /// Each cluster is addressed on its own: a terminal that draws it wider or narrower
    /// than its display width (tmux 3.3 draws "👍🏽" as 👍 then 🏽, four columns) shifts
    /// nothing after it.
    func write(_ splices: [Splice]) {
        guard !splices.isEmpty else { return }
        let movesWithAttributes = sf_flag("msgr")
        // Without xenl, printing in the last column of the last row scrolls the screen.
        let lastCellScrolls = !sf_flag("xenl")
        var bytes: [UInt8] = []
        for splice in splices {
            if lastCellScrolls && splice.y == area.height - 1 && splice.x + splice.width >= area.width { continue }
            if !movesWithAttributes {
                bytes += attributeSequence(sf_a_normal(), pair: 0)
            }
            bytes += cursorAddress(y: splice.y, x: splice.x)
            bytes += attributeSequence(splice.rendition.attributes, pair: splice.rendition.pair)
            bytes += splice.output.bytes
        }
        bytes += attributeSequence(sf_a_normal(), pair: 0)
        bytes += cursorAddress(y: Int(getcury(window)), x: Int(getcurx(window)))
        writeAll(bytes)
    }

    func cursorAddress(y: Int, x: Int) -> [UInt8] {
        // init refused a terminal without cup.
        guard let sequence = sf_cursor_address(Int32(y), Int32(x)) else { return [] }
        return withoutPadding(Array(String(cString: sequence).utf8))
    }

    /// The bytes that switch the terminal to `attributes` and colour `pair`, through
    /// ncurses (vid_puts), which also records them as the terminal's current attributes.
    private func attributeSequence(_ attributes: attr_t, pair: Int16) -> [UInt8] {
        vid_puts(attributes, pair, nil) { byte in
            attributeBytes.withLock { $0.append(UInt8(truncatingIfNeeded: byte)) }
            return byte
        }
        return attributeBytes.withLock { bytes in
            defer { bytes.removeAll(keepingCapacity: true) }
            return bytes
        }
    }

    func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(outputDescriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                offset += count
            }
        }
    }
}

/// vid_puts hands its output to a C function one byte at a time, with no context pointer.
private let attributeBytes = Mutex<[UInt8]>([])

extension ClusterOutput {
    /// The UTF-8 the terminal gets for the whole cluster.
    var bytes: [UInt8] {
        switch self {
        case .cell(let characters):
            var text = String.UnicodeScalarView()
            text.append(contentsOf: characters.lazy.filter { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) })
            return Array(String(text).utf8)
        case .spliced(_, let bytes):
            return bytes
        }
    }
}
