import DynamicTypeCore
import Foundation

/// The Interface Builder files a path names: itself, or every `.xib` and `.storyboard` in a
/// folder at any depth (apps keep them in `Base.lproj` and feature folders), skipping hidden
/// folders, `Pods`, `Carthage` and test folders, and never following a link out of the folder.
enum IBFolderScan {
    /// The most files read from one folder.
    static let maximumFiles = 10_000

    /// The files, sorted, and those refused with why.
    static func scan(_ path: String, limit: Int = maximumFiles) -> (files: [String], refused: [(file: String, reason: String)]) {
        if IBFile.isInterfaceBuilderFile(path) { return ([path], []) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
            let enumerator = FileManager.default.enumerator(atPath: path)
        else { return ([], []) }
        var files: [String] = []
        var refused: [(file: String, reason: String)] = []
        while let relative = enumerator.nextObject() as? String {
            let components = relative.split(separator: "/")
            if components.contains(where: { $0.hasPrefix(".") || $0 == "Pods" || $0 == "Carthage" || $0.hasSuffix("Tests") }) {
                if let last = components.last, last.hasPrefix(".") || last == "Pods" || last == "Carthage" { enumerator.skipDescendants() }
                continue
            }
            guard IBFile.isInterfaceBuilderFile(relative) else { continue }
            let full = (path as NSString).appendingPathComponent(relative)
            // Never out of the folder given through a link (issue 32).
            if let refusal = FolderLink.refusal(full, inFolder: path) {
                refused.append((full, refusal.description))
            } else if ResolvedPath.relation(of: full, to: path) != .inside {
                refused.append((full, "lies in a linked folder that leads outside '\(path)' (\(ResolvedPath.resolve(full))); not read"))
            } else {
                files.append(full)
            }
            if files.count >= limit { break }
        }
        return (files.sorted(), refused.sorted { $0.file < $1.file })
    }
}
