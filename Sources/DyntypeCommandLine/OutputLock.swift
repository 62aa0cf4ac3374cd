import DynamicTypeAudit
import Foundation

/// An advisory lock on an output folder (`flock` on `<folder>/.dyntype.lock`), held until the run
/// ends, so two runs writing into one folder never mix their files: the second waits a few seconds
/// for the first, then stops with exit 73 naming the holder's process id. The lock file holds the
/// holder's pid while locked and is emptied on release (a finished run leaves the same bytes);
/// it is hidden, so snapshot orphan checks ignore it. The kernel drops the lock when the process
/// dies, so a killed run never leaves the folder locked.
package final class OutputLock: Sendable {
    /// The lock file's name inside the output folder.
    package static let fileName = ".dyntype.lock"
    /// How long a second run waits before giving up.
    package static let wait: Duration = .seconds(3)

    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Locks `folder` (which must exist), waiting up to ``wait`` for another run to finish.
    ///
    /// - Throws: ``CommandError`` with exit 73 when another run holds the lock past the wait, or the
    ///   lock file cannot be opened.
    package static func acquire(_ folder: URL) throws -> OutputLock {
        let path = folder.appendingPathComponent(fileName).path
        // O_NOFOLLOW: a planted link must not make the lock truncate some other file.
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandError(
                code: SysExit.cannotCreate,
                message: "cannot lock the output folder '\(folder.path)': \(path): \(String(cString: strerror(errno)))")
        }
        let deadline = ContinuousClock.now + wait
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(descriptor)
                throw CommandError(
                    code: SysExit.cannotCreate, message: "cannot lock the output folder '\(folder.path)': \(String(cString: strerror(code)))")
            }
            guard ContinuousClock.now < deadline else {
                let holder = holderPID(descriptor).map { "pid \($0)" } ?? "pid unknown"
                close(descriptor)
                throw CommandError(
                    code: SysExit.cannotCreate,
                    message: "another dyntype run is writing to \(folder.path) (\(holder)); wait for it or choose another --out")
            }
            usleep(50_000)
        }
        let lock = OutputLock(descriptor: descriptor)
        lock.record("\(getpid())\n")
        return lock
    }

    /// Runs `body` with `folder` locked; the lock is released when `body` returns or throws.
    package static func holding<T>(_ folder: URL, _ body: () throws -> T) throws -> T {
        let lock = try acquire(folder)
        return try withExtendedLifetime(lock) { try body() }
    }

    deinit {
        record("")
        close(descriptor)  // releases the flock
    }

    /// Replaces the lock file's contents (the holder's pid, or nothing on release).
    private func record(_ text: String) {
        guard ftruncate(descriptor, 0) == 0 else { return }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// The pid the current holder wrote, if any yet.
    private static func holderPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
