import Foundation
import PackagePlugin

/// `dyntype lint` as a SwiftPM build-tool plugin (as SwiftLint ships one): applied to a target,
/// every `swift build` — and Xcode, which runs the same plugin — lints the target's Swift, `.xib`
/// and `.storyboard` files and shows each finding as a warning or error at its line.
///
/// The command prints `path:line:column: error|warning|note: message [rule]` lines, the format
/// SwiftPM and Xcode parse into diagnostics; paths are absolute (the root given is the plugin's
/// work folder, which holds no source, so no path is made relative to it), because the build runs
/// the command from a folder of its own. Errors fail the build as the compiler's do (`--fail-on
/// error`, lint's default). A `.dyntype.yml` at the package's root is used when there is one.
@main
struct DynamicTypeLintPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let source = target as? SourceModuleTarget else { return [] }
        let inputs = source.sourceFiles.map(\.url).filter { ["swift", "xib", "storyboard"].contains($0.pathExtension) }
        guard !inputs.isEmpty else { return [] }
        var arguments = ["lint", "--root", context.pluginWorkDirectoryURL.path, "--format", "text"]
        let config = context.package.directoryURL.appendingPathComponent(".dyntype.yml")
        if FileManager.default.fileExists(atPath: config.path) { arguments += ["--config", config.path] }
        // `Target.directoryURL` needs tools 6.1; `directory` (a deprecated `Path`) is what 6.0 has.
        arguments.append(target.directory.string)
        return [
            .buildCommand(
                displayName: "dyntype lint \(target.name)",
                executable: try context.tool(named: "dyntype").url,
                arguments: arguments,
                inputFiles: inputs + (FileManager.default.fileExists(atPath: config.path) ? [config] : []))
        ]
    }
}
