import Foundation

/// File system locations compared the way the kernel sees them: symbolic links resolved, `.` and
/// `..` applied, relative paths made absolute. Output locations are checked against inputs with
/// this, so that `--out` given as a symbolic link to the notes folder is recognised as the notes
/// folder.
package enum ResolvedPath {
    /// How one location lies relative to another.
    package enum Relation: Hashable, Sendable {
        /// The same location.
        case same
        /// The first lies inside the second.
        case inside
        /// The first contains the second.
        case contains
    }

    /// `path` absolute, with every symbolic link resolved: `realpath(3)` of the nearest existing
    /// ancestor, followed by the components that do not exist yet (which cannot be links).
    package static func resolve(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var existing = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var missing: [String] = []
        while true {
            let candidate = "/" + existing.joined(separator: "/")
            if let real = realPath(candidate) {
                return normalize(real.split(separator: "/").map(String.init) + missing.reversed())
            }
            guard let last = existing.popLast() else { return normalize(missing.reversed()) }
            missing.append(last)
        }
    }

    /// How `path` lies relative to `other` (both resolved), or nil when neither contains the other.
    package static func relation(of path: String, to other: String) -> Relation? {
        let a = resolve(path), b = resolve(other)
        if a == b { return .same }
        if isAncestor(b, of: a) { return .inside }
        if isAncestor(a, of: b) { return .contains }
        return nil
    }

    /// Whether both paths name the same existing file, even through hard links (same device and inode).
    package static func isSameExistingFile(_ path: String, _ other: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(path, &a) == 0, stat(other, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Whether `path` itself (not what it points to) is a symbolic link: inputs from a repository
    /// or a shard can carry links that would lead reads and writes elsewhere.
    package static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// ` (to '<target>')` for the link at `path`, for messages; empty when it cannot be read.
    package static func linkTargetNote(_ path: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " (to '\($0)')" } ?? ""
    }

    private static func isAncestor(_ ancestor: String, of path: String) -> Bool {
        ancestor == "/" ? path != "/" : path.hasPrefix(ancestor + "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `/`-joined components with `.` dropped and `..` applied (only used past the last existing
    /// ancestor, where no component can be a link).
    private static func normalize(_ components: [String]) -> String {
        var out: [String] = []
        for component in components {
            switch component {
            case "", ".": continue
            case "..": _ = out.popLast()
            default: out.append(component)
            }
        }
        return "/" + out.joined(separator: "/")
    }
}
