import Foundation

/// Symbolic links met while reading a folder: a reader given a folder reads only what lies in it,
/// so a link out of it (`notes/env.txt → /proc/self/environ`) or to something that is not a
/// regular file is refused before anything is opened, and the reader reports it and skips it
/// (issue 32). A link to a regular file inside the folder is read like the file.
package enum FolderLink {
    /// Why a link in a folder is not followed.
    package enum Refusal: Hashable, Sendable, CustomStringConvertible {
        /// The link's target does not exist.
        case dangling(target: String)
        /// The link leads, after every link on the way is resolved, to `resolved`, outside the folder.
        case outside(target: String, resolved: String)
        /// The link leads to a folder, a FIFO, a device or a socket (`kind`: `a FIFO`…).
        case notRegularFile(target: String, kind: String)

        /// What the link is and that it was skipped, for messages that name the link already.
        package var description: String {
            switch self {
            case .dangling(let target):
                "dangling symlink (its target '\(target)' does not exist), skipped"
            case .outside(let target, let resolved):
                "symlink to '\(target)', which is outside the folder (\(resolved)); not followed, skipped: copy the file into the folder"
            case .notRegularFile(let target, let kind):
                "symlink to '\(target)', which is \(kind), not a regular file; not followed, skipped"
            }
        }
    }

    /// Nil when `path` is not a symbolic link, or is one to a regular file inside `folder` (both
    /// compared with every link resolved); otherwise why it must not be followed.
    package static func refusal(_ path: String, inFolder folder: String) -> Refusal? {
        guard ResolvedPath.isSymbolicLink(path) else { return nil }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        var info = stat()
        guard stat(path, &info) == 0 else { return .dangling(target: target) }
        let resolved = ResolvedPath.resolve(path)
        guard ResolvedPath.relation(of: resolved, to: folder) == .inside else {
            return .outside(target: target, resolved: resolved)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return .notRegularFile(target: target, kind: InputFile.kindName(info.st_mode)) }
        return nil
    }
}
