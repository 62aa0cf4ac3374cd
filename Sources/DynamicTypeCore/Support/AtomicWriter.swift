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

    /// Writes `data` to `url`, creating the directory if needed.
    ///
    /// - Throws: ``SnapshotWriteError`` naming the path and the system's reason.
    package func write(_ data: Data, to url: URL) throws(SnapshotWriteError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SnapshotWriteError(path: directory.path, reason: (error as NSError).localizedDescription)
        }
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
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw SnapshotWriteError(path: url.path, reason: String(cString: strerror(code)))
        }
    }
}
