import DynamicTypeCore
import Foundation

/// The readers every command asks for views: the paths given are offered to each reader in
/// order, each reader reads what it claims, and a file no reader claims is named in the problems
/// and left out. Commands, the live preview, shards and the testing library know only this type;
/// which readers it holds is one list (`DynamicTypeViewSources`' `standard`).
package struct ViewSourceRegistry: Sendable {
    /// The readers, in report order: the first that claims a file reads it.
    package var readers: [any ViewSourceReader]

    /// A registry of `readers`.
    package init(readers: [any ViewSourceReader]) { self.readers = readers }

    /// Each reader's checks of its own options (`--columns 13`), before any file is read.
    ///
    /// - Throws: the first reader's ``InputProblem`` (kind ``InputProblem/Kind/usage``).
    package func validate(_ context: ViewReadContext) throws(InputProblem) {
        for reader in readers { try reader.validate(context) }
    }

    /// The views of `context`'s paths: each path given to the readers that have something in it
    /// (a file a reader claims, a folder holding such files), then every reader's reading, in
    /// registry order, after the problems with files no reader claims.
    ///
    /// - Throws: ``InputProblem`` when a path does not exist and no reader claims its name, when
    ///   a folder holds nothing any reader reads, or a reader's own failure.
    package func read(_ context: ViewReadContext) throws(InputProblem) -> ViewReading {
        var given = Array(repeating: [String](), count: readers.count)
        var reading = ViewReading()
        for path in context.paths {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            // A folder named like a file (`dir.screen.json`) goes to the reader of such files, which
            // says it is a folder; names without an extension are folders of inputs.
            let namedLikeFile = !(path as NSString).pathExtension.isEmpty
            if exists && isFolder.boolValue, namedLikeFile, let index = readers.firstIndex(where: { $0.holdsFiles(inTree: path) == nil && $0.claims(file: path) }) {
                given[index].append(path)
                continue
            }
            if exists && isFolder.boolValue {
                let (takers, unclaimed) = folderTakers(path)
                if takers.isEmpty {
                    throw InputProblem(
                        file: path, kind: .unreadable,
                        fullMessage: "'\(path)' holds nothing to read: \(claimsList) (hidden files are skipped)")
                }
                for index in takers { given[index].append(path) }
                reading.problems += unclaimed.map(unclaimedProblem)
                continue
            }
            if let index = readers.firstIndex(where: { $0.claims(file: path) || $0.companion(file: path) }) {
                given[index].append(path)
            } else if !exists {
                throw InputProblem(file: path, kind: .unreadable, fullMessage: "'\(path)' does not exist; give \(claimsList)")
            } else {
                reading.problems.append(unclaimedProblem(path))
            }
        }
        for (index, reader) in readers.enumerated() { reading.append(try reader.read(given[index], context: context)) }
        return reading
    }

    /// The strings files the readers find for `paths` — in the folders among them (a SwiftUI app's
    /// String Catalogs and `.lproj` strings, Interface Builder files' strings) and beside the files
    /// given by name that a reader claims (a storyboard's `<lang>.lproj/<name>.strings`) — in path
    /// order, each once: used when no `--strings` is given.
    package func stringsFiles(in paths: [String]) -> [String] {
        var seen = Set<String>()
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            for reader in readers {
                let found =
                    isFolder.boolValue
                    ? reader.stringsFiles(inTree: path) : reader.claims(file: path) ? reader.stringsFiles(localizing: path) : []
                for file in found where seen.insert(file).inserted { files.append(file) }
            }
        }
        return files
    }

    /// The readers that have something in `folder`, and the folder's files none of them reads.
    private func folderTakers(_ folder: String) -> (readers: [Int], unclaimed: [String]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().filter { !$0.hasPrefix(".") }
        var takers: [Int] = []
        var unclaimed: [String] = []
        for (index, reader) in readers.enumerated() {
            if reader.holdsFiles(inTree: folder) == true { takers.append(index) }
        }
        for name in names {
            let file = (folder as NSString).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            // Subfolders are the business of readers that walk trees; a dangling link is a file here.
            if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue { continue }
            guard let index = readers.firstIndex(where: { $0.claims(file: file) || $0.companion(file: file) }) else {
                unclaimed.append(file)
                continue
            }
            if readers[index].claims(file: file), !takers.contains(index) { takers.append(index) }
        }
        return (takers.sorted(), unclaimed)
    }

    /// What the readers read, for messages: `notes (.txt, .md), screen files (*.screen.json|yaml|yml) or …`.
    package var claimsList: String {
        let parts = readers.map(\.claimsDescription)
        guard parts.count > 1 else { return parts.first ?? "nothing" }
        return parts.dropLast().joined(separator: ", ") + " or " + (parts.last ?? "")
    }

    private func unclaimedProblem(_ file: String) -> InputProblem {
        InputProblem(file: file, message: "left out: no view source reads this kind of file (they read \(claimsList))", kind: .unclaimed)
    }
}
