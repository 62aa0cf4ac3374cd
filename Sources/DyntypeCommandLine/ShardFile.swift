import DynamicTypeAudit
import DynamicTypeCore
import Rendering
import Foundation

/// A file inside a shard's output folder, opened for `dyntype merge` without following any
/// symbolic link below the folder: a shard's output may come from a machine or an artifact nobody
/// has read, and a link there (`list -> /etc`, `03-large.png -> ~/.ssh/id_rsa`) must not bring a
/// file from elsewhere into the merged output. Only regular files open, and the checks are made on
/// the open descriptor, so the file cannot be swapped between the check and the copy.
package final class ShardFile {
    /// The path, for messages.
    package let path: String
    /// The open descriptor (read only).
    package let descriptor: Int32
    /// The file's size in bytes.
    package let size: Int

    private init(path: String, descriptor: Int32, size: Int) {
        self.path = path
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    /// Opens `components` below `folder` (the shard's output folder, which may itself be a link the
    /// user gave), refusing links and anything but folders on the way and a regular file at the end.
    ///
    /// - Returns: nil when the file does not exist.
    /// - Throws: ``CommandError`` with exit 66 naming the path and what it is instead.
    package static func open(in folder: URL, _ components: [String]) throws -> ShardFile? {
        let path = ([folder.path] + components).joined(separator: "/")
        var directory = Foundation.open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw failure(path: folder.path, code: errno) }
        defer { close(directory) }
        var walked = folder.path
        for component in components.dropLast() {
            walked += "/" + component
            let next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                let code = errno
                if code == ENOENT { return nil }
                throw refusal(path: walked, parent: directory, name: component, code: code, expected: "a folder")
            }
            close(directory)
            directory = next
        }
        guard let name = components.last else { return nil }
        // O_NONBLOCK: a FIFO opens at once (and is then refused) instead of waiting for a writer.
        let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw refusal(path: path, parent: directory, name: name, code: code, expected: "a regular file")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(path: path, code: code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw CommandError(
                code: SysExit.noInput,
                message: "shard file '\(path)' is \(InputFile.kindName(info.st_mode)), not a regular file; merge copies regular files only — re-run that shard")
        }
        return ShardFile(path: path, descriptor: descriptor, size: Int(info.st_size))
    }

    /// Why `name` in `parent` did not open as `expected`: a link, another kind of file, or the
    /// system's reason.
    private static func refusal(path: String, parent: Int32, name: String, code: Int32, expected: String) -> CommandError {
        var info = stat()
        if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
            let target = ResolvedPath.linkTargetNote(path)
            return CommandError(
                code: SysExit.noInput,
                message: "shard file '\(path)' is a symbolic link\(target); merge copies regular files only and follows no links in a shard's output — re-run that shard")
        }
        if code == ENOTDIR || code == ELOOP {
            return CommandError(
                code: SysExit.noInput, message: "shard file '\(path)' is \(InputFile.kindName(info.st_mode)), not \(expected); re-run that shard")
        }
        return failure(path: path, code: code)
    }

    private static func failure(path: String, code: Int32) -> CommandError {
        CommandError(code: SysExit.noInput, message: "cannot read shard file '\(path)': \(InputFile.reason(code))")
    }

    /// Whether the file starts with the PNG signature.
    package var hasPNGSignature: Bool {
        var bytes = [UInt8](repeating: 0, count: 8)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 8, 0) }
        return count == 8 && bytes == PNGDecoder.signature
    }

    /// Refuses a file over `limit` or without the PNG signature (exit 65).
    package func requirePNG(limit: InputSizeLimit) throws {
        if size > limit.bytes {
            throw CommandError(code: SysExit.dataError, message: InputFileError.tooLarge(path: path, size: size, limit: limit).description)
        }
        guard hasPNGSignature else {
            throw CommandError(
                code: SysExit.dataError,
                message: "shard file '\(path)' is not a PNG (it does not start with the 8-byte PNG signature); re-run that shard")
        }
    }

    /// The whole file (at most `limit` bytes; over it, exit 65).
    package func read(limit: InputSizeLimit) throws -> Data {
        if size > limit.bytes {
            throw CommandError(code: SysExit.dataError, message: InputFileError.tooLarge(path: path, size: size, limit: limit).description)
        }
        var data = Data(count: size)
        var offset = 0
        while offset < size {
            let count = data.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + offset, size - offset, off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                if count == 0 { break }  // shrank while read: what is there is what there is
                throw Self.failure(path: path, code: errno)
            }
            offset += count
        }
        return data.prefix(offset)
    }
}
