import Foundation

/// The files of an app's source tree a reader wants (Swift files, strings files, Interface
/// Builder files), found in one walk: hidden folders, `Pods`, `Carthage` and folders whose names
/// end in `Tests` are skipped, and no link is followed out of the folder given (issue 32). Both the
/// SwiftUI and the Interface Builder readers walk with it.
package enum SourceTreeScan {
    /// The files `path` names when `wanted(path)` (itself), else those in the folder `path` at any
    /// depth that `wanted` accepts, sorted, at most `limit`; and the files refused because a link
    /// leads out of the folder or to something other than a regular file, each with why.
    package static func scan(
        _ path: String, limit: Int, matching wanted: (String) -> Bool
    ) -> (files: [String], refused: [(file: String, reason: String)]) {
        if wanted(path) { return ([path], []) }
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
            guard wanted(relative) else { continue }
            let full = (path as NSString).appendingPathComponent(relative)
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
