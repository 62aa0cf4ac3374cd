import DynamicTypeAudit
import DynamicTypeCore
import Foundation

/// The rule every writing command follows: never write into, over or around an input. An output
/// folder may not be an input, lie inside one, or contain one; an output file may not be an input
/// file. Paths are compared with symbolic links resolved (``ResolvedPath``), so a link to the notes
/// folder is the notes folder. A breach is a usage error (exit 64) that says which input and how to fix it.
package enum OutputSafety {
    /// Something a command reads, named for messages.
    package struct Input: Sendable {
        /// `notes folder`, `notes file`, `profile`, `corpus`….
        package var role: String
        /// As the user gave it.
        package var path: String

        /// An input with its role.
        package init(role: String, path: String) { (self.role, self.path) = (role, path) }
    }

    /// The inputs given: each path as a folder or a file.
    package static func inputs(_ paths: [String]) -> [Input] {
        paths.map { path in
            var isDirectory: ObjCBool = false
            let folder = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            return Input(role: folder ? "input folder" : "input file", path: path)
        }
    }

    /// The profile input, when the profile is a file rather than a bundled name.
    package static func profile(_ nameOrPath: String) -> [Input] {
        TypeRampProfile.filePath(for: nameOrPath).map { [Input(role: "profile", path: $0)] } ?? []
    }

    /// Refuses an output folder that is an input, lies inside one or contains one.
    ///
    /// - Parameter option: how the user gave the folder (`--out 'x'`), for the message.
    /// - Throws: ``CommandError`` with exit 64.
    package static func checkFolder(_ folder: String, option: String, against inputs: [Input]) throws {
        for input in inputs {
            guard let relation = ResolvedPath.relation(of: folder, to: input.path) else { continue }
            let place: String
            switch relation {
            case .same: place = "is the \(input.role) '\(input.path)'"
            case .inside: place = "is inside the \(input.role) '\(input.path)'"
            case .contains: place = "contains the \(input.role) '\(input.path)'"
            }
            throw CommandError(
                code: SysExit.usage,
                message: "\(option) \(place)\(linkNote(folder, input.path)); choose an output folder that neither is, lies in, nor holds an input (dyntype never writes where it could replace an input)")
        }
    }

    /// Refuses an output file that is an input file (same path after resolving links, or the same
    /// file through a hard link).
    ///
    /// - Throws: ``CommandError`` with exit 64.
    package static func checkFile(_ file: String, option: String, against inputs: [Input]) throws {
        for input in inputs
        where ResolvedPath.relation(of: file, to: input.path) == .same || ResolvedPath.isSameExistingFile(file, input.path) {
            throw CommandError(
                code: SysExit.usage,
                message: "\(option) is the \(input.role) '\(input.path)'\(linkNote(file, input.path)); writing it would replace the input; choose another file")
        }
    }

    /// Refuses an artifacts folder (`SNAPSHOT_ARTIFACTS`) that is the snapshot folder or lies inside
    /// it — other than the default `<snapshots>/artifacts`, which no view can be named (reserved).
    /// `verify` writes each fresh render to the artifacts folder under the reference's relative
    /// path: pointed at the snapshot folder it would replace the references, and the next verify
    /// would pass a real regression.
    ///
    /// - Throws: ``CommandError`` with exit 64.
    package static func checkArtifacts(_ artifacts: String, snapshots: String, defaultArtifacts: String) throws {
        guard ResolvedPath.resolve(artifacts) != ResolvedPath.resolve(defaultArtifacts),
            let relation = ResolvedPath.relation(of: artifacts, to: snapshots), relation != .contains
        else { return }
        let place = relation == .same ? "is the snapshot folder" : "is inside the snapshot folder"
        throw CommandError(
            code: SysExit.usage,
            message: "SNAPSHOT_ARTIFACTS='\(artifacts)' \(place) '\(snapshots)'\(linkNote(artifacts, snapshots)): fresh renders would be written over or among the references, and the next verify would pass a real regression; point it outside the snapshot folder, or unset it (default: \(defaultArtifacts))")
    }

    /// " (both are /real/path once symbolic links are resolved)" when a link is involved, so the
    /// user sees why two different-looking paths are the same place; empty otherwise.
    private static func linkNote(_ output: String, _ input: String) -> String {
        let resolvedOutput = ResolvedPath.resolve(output), resolvedInput = ResolvedPath.resolve(input)
        func asGiven(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        guard resolvedOutput != asGiven(output) || resolvedInput != asGiven(input) else { return "" }
        return resolvedOutput == resolvedInput
            ? " (both are \(resolvedOutput) once symbolic links are resolved)"
            : " (\(resolvedOutput) and \(resolvedInput) once symbolic links are resolved)"
    }
}
