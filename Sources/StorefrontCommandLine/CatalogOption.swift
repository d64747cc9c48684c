import ArgumentParser
import Foundation
import StoreCatalog

/// `--catalog PATH|NAME`, for every command that works on one catalog.
///
/// ```swift
/// struct Buy: ParsableCommand {
///     @OptionGroup var catalogOption: CatalogOption
///     func run() throws { let catalog = try catalogOption.load() }
/// }
/// ```
package struct CatalogOption: ParsableArguments {
    @Option(help: "A .storekit file or package folder, or a bundled catalog: \(BundledResources.catalogHelp).")
    package var catalog = "backyardbirds"

    package init() {}

    /// Loads the catalog, or fails with 65 or 66 saying why not (see `CatalogLoader` for
    /// `buildingInBackground`).
    package func load(buildingInBackground: Bool = false) throws -> Catalog {
        try BundledResources.loadCatalog(catalog, buildingInBackground: buildingInBackground)
    }
}

/// Finds the Resources folder (sample catalogs, layouts, demos) and catalogs by path or name.
///
/// The Resources folder is `$STOREFRONT_RESOURCES` when set; else the first `Resources` folder
/// holding `Catalogs` found walking up from the executable's directory; else the one in the
/// package this file was built from.
package enum BundledResources {
    package static let catalogHelp = "backyardbirds, tipjar or cheers"

    package static var directory: URL? {
        if let path = ProcessInfo.processInfo.environment["STOREFRONT_RESOURCES"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            var folder = executable.deletingLastPathComponent()
            while folder.pathComponents.count > 1 {
                let candidate = folder.appendingPathComponent("Resources")
                if isDirectory(candidate.appendingPathComponent("Catalogs")) { return candidate }
                folder.deleteLastPathComponent()
            }
        }
        let package = URL(fileURLWithPath: #filePath)  // Sources/StorefrontCommandLine/CatalogOption.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let resources = package.appendingPathComponent("Resources")
        return isDirectory(resources) ? resources : nil
    }

    /// Names of the bundled catalogs, lower case, without `.storekit`.
    package static var catalogNames: [String] {
        bundledCatalogs.map(\.name).sorted()
    }

    /// A path that exists wins; otherwise a bundled catalog's name, ignoring case.
    package static func catalogURL(_ argument: String) -> URL? {
        if FileManager.default.fileExists(atPath: argument) { return URL(fileURLWithPath: argument) }
        let wanted = argument.lowercased().replacingOccurrences(of: ".storekit", with: "")
        return bundledCatalogs.first { $0.name == wanted }?.url
    }

    /// Loads a catalog by path or name. Throws a `CommandFailure` (66, EX_NOINPUT) when there
    /// is no such catalog, the loader's `CatalogError` (66 or 65) when it cannot be read.
    package static func loadCatalog(_ argument: String, buildingInBackground: Bool = false) throws -> Catalog {
        guard let url = catalogURL(argument) else {
            let names = catalogNames.joined(separator: ", ")
            throw CommandFailure("\(argument): no such file, and no bundled catalog by that name (bundled: \(names))", exitCode: .noInput)
        }
        return try CatalogLoader.load(contentsOf: url, buildingInBackground: buildingInBackground)
    }

    private static var bundledCatalogs: [(name: String, url: URL)] {
        guard let folder = directory?.appendingPathComponent("Catalogs"),
              let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        return files.filter { $0.pathExtension == "storekit" }
            .map { ($0.deletingPathExtension().lastPathComponent.lowercased(), $0) }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

extension CatalogError {
    /// sysexits: 66 (EX_NOINPUT) for a missing or unreadable file, 65 (EX_DATAERR) for a malformed one.
    package var exitCode: Int32 {
        switch self {
        case .notFound, .unreadable: ExitCode.noInput.rawValue
        case .malformed: ExitCode.dataError.rawValue
        }
    }
}
