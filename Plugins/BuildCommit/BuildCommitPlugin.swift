import Foundation
import PackagePlugin

/// Gives the target `buildCommit`, the commit the package is built from ("unknown" outside a
/// git checkout), for `--version`. The file is rewritten only when the commit changes, so a
/// build at the same commit recompiles nothing.
@main
struct BuildCommitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let script = #"""
            mkdir -p "$2"
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
            line="package let buildCommit = \"$commit\""
            [ "$(cat "$2/BuildCommit.swift" 2>/dev/null)" = "$line" ] || echo "$line" > "$2/BuildCommit.swift"
            """#
        return [
            .prebuildCommand(
                displayName: "Reading the commit being built",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, folder.path],
                outputFilesDirectory: folder
            )
        ]
    }
}
