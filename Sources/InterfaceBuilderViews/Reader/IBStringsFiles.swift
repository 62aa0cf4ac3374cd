import DynamicTypeCore
import Foundation

/// The strings files that localize an Interface Builder file, as Base internationalization lays
/// them out: `MyApp/Base.lproj/Main.storyboard` is translated by `MyApp/<lang>.lproj/Main.strings`
/// (keys `"<objectID>.text"`, `"<objectID>.normalTitle"`…) or by a String Catalog
/// `Main.xcstrings` with the same keys. They are found here and read with every other strings file
/// into the run's `StringTable` (the registry's discovery), so nothing parses them twice.
package enum IBStringsFiles {
    /// The strings files of `file`: every `<lang>.lproj/<name>.strings` in the folder holding the
    /// file's `.lproj` folder (or the file's own folder when it is in none), and `<name>.xcstrings`
    /// there or beside the file; sorted, each a regular file. A link is followed only to a file
    /// inside that folder (as the folder walks follow them, issue 32).
    package static func files(localizing file: String) -> [String] {
        let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        guard !name.isEmpty else { return [] }
        let folder = (file as NSString).deletingLastPathComponent
        let inLproj = (folder as NSString).pathExtension.lowercased() == "lproj"
        let root = inLproj ? (folder as NSString).deletingLastPathComponent : folder
        let rootPath = root.isEmpty ? "." : root
        var candidates: [String] = []
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: rootPath)) ?? []).sorted()
        for entry in entries where (entry as NSString).pathExtension.lowercased() == "lproj" && !entry.hasPrefix(".") {
            let lproj = (root as NSString).appendingPathComponent(entry)
            // An `.lproj` that is itself a link could lead anywhere: only real folders are looked in.
            guard !ResolvedPath.isSymbolicLink(lproj) else { continue }
            candidates.append((lproj as NSString).appendingPathComponent(name + ".strings"))
        }
        candidates.append((root as NSString).appendingPathComponent(name + ".xcstrings"))
        if inLproj { candidates.append((folder as NSString).appendingPathComponent(name + ".xcstrings")) }
        return candidates.filter { usable($0, in: rootPath) }
    }

    /// The strings files of every Interface Builder file in the folder `folder` (at any depth, as
    /// the reader walks it), each once, in the files' order.
    package static func files(inTree folder: String) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for file in IBFolderScan.scan(folder).files {
            for strings in files(localizing: file) where seen.insert(strings).inserted { result.append(strings) }
        }
        return result
    }

    /// Whether `path` is a regular file (through a link only to one inside `folder`).
    private static func usable(_ path: String, in folder: String) -> Bool {
        guard FolderLink.refusal(path, inFolder: folder) == nil else { return false }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.type] as? FileAttributeType) == .typeRegular
    }
}
