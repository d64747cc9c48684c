// libFuzzer's entry point for the catalog parser. Fuzz/run.sh compiles it together with
// Sources/StoreCatalog (and the fuzz test's Catalog.readEverything) into one module, so it
// runs the same code the tool does.

import Foundation

private let fileName = "fuzz-input.storekit"

/// Parses one input. Loading may fail, but only with a `CatalogError` that names the file;
/// anything else (a crash, a trap, a sanitizer report, a hang) is what libFuzzer is hunting.
@_cdecl("LLVMFuzzerTestOneInput")
public func catalogFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    do {
        let catalog = try Catalog(storeKitData: bytes, file: fileName)
        catalog.readEverything()
    } catch {
        precondition(error.description.hasPrefix("\(fileName): "), "an error that does not name the file: \(error)")
    }
    return 0
}
