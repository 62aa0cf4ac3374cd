import Foundation

/// A file that could not be written.
package struct SnapshotWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String

    package var description: String { "cannot write '\(path)': \(reason)" }
}

/// Writes files atomically: the bytes go to a temporary file in the destination's directory
/// (`.<name>.tmp-<pid>-<random>`), which is then renamed over the destination. A process killed at
/// any point leaves either the old file or the new one, never a mix; a failed write removes its
/// temporary file and leaves the destination untouched.
package struct AtomicWriter: Sendable {
    /// Called once the temporary file is complete, just before the rename. Tests throw here to
    /// simulate a process that dies between writing and renaming.
    package var beforeRename: @Sendable (_ temporary: URL, _ destination: URL) throws -> Void

    package init(beforeRename: @escaping @Sendable (_ temporary: URL, _ destination: URL) throws -> Void = { _, _ in }) {
        self.beforeRename = beforeRename
    }

    /// The writer without hooks.
    package static let standard = AtomicWriter()

    /// Refuses to replace anything but a regular file (issue 32): a rename over `/dev/null` (as root),
    /// a FIFO, a symbolic link or a folder would replace it with a regular file, and the device,
    /// the pipe another program reads, or the link's target would be gone. Where nothing is yet,
    /// the parent folder must exist and be a folder (`requireParent`).
    ///
    /// Every atomic writer of the package calls this just before it writes (package API).
    ///
    /// - Throws: ``SnapshotWriteError`` saying what is there and what to do.
    package static func checkDestination(_ path: String, requireParent: Bool = true) throws(SnapshotWriteError) {
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT != S_IFREG else { return }
            let kind = InputFile.kindName(info.st_mode)
            let link = info.st_mode & S_IFMT == S_IFLNK ? ResolvedPath.linkTargetNote(path) : ""
            throw SnapshotWriteError(
                path: path,
                reason: "it is \(kind)\(link), not a regular file; dyntype writes only where a regular file or nothing is: choose another path")
        }
        let code = errno
        guard code == ENOENT else { throw SnapshotWriteError(path: path, reason: InputFile.reason(code)) }
        guard requireParent else { return }
        let parent = (path as NSString).deletingLastPathComponent
        var folder = stat()
        guard stat(parent.isEmpty ? "." : parent, &folder) == 0 else {
            throw SnapshotWriteError(path: path, reason: "its folder '\(parent)' does not exist (\(InputFile.reason(errno))); create it first")
        }
        guard folder.st_mode & S_IFMT == S_IFDIR else {
            throw SnapshotWriteError(path: path, reason: "'\(parent)' is \(InputFile.kindName(folder.st_mode)), not a folder")
        }
    }

    /// Writes `data` to `url`, creating the directory if needed (`createFolder`; else the folder
    /// must exist). Only a regular file, or nothing, is replaced (``checkDestination(_:requireParent:)``).
    ///
    /// - Throws: ``SnapshotWriteError`` naming the path and the system's reason.
    package func write(_ data: Data, to url: URL, createFolder: Bool = true) throws(SnapshotWriteError) {
        let directory = url.deletingLastPathComponent()
        if createFolder {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw SnapshotWriteError(path: directory.path, reason: (error as NSError).localizedDescription)
            }
        }
        try Self.checkDestination(url.path)
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SnapshotWriteError(path: url.path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary.path)
            throw SnapshotWriteError(path: url.path, reason: String(cString: strerror(failure)))
        }
        do {
            try beforeRename(temporary, url)
        } catch {
            unlink(temporary.path)
            throw SnapshotWriteError(path: url.path, reason: "interrupted before the rename: \(error)")
        }
        // Checked again at the last moment: something may have been put there while writing.
        do { try Self.checkDestination(url.path) } catch {
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw SnapshotWriteError(path: url.path, reason: String(cString: strerror(code)))
        }
    }
}
