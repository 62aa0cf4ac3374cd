import Foundation

/// Why an input file (or standard input) was not read (package API: the loaders turn it into
/// their own errors, the CLI into exit codes).
package enum InputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path.
    case missing(path: String)
    /// The path is a folder.
    case isDirectory(path: String)
    /// The path is a FIFO, a device or a socket: reading it could block forever or never end.
    case notRegularFile(path: String, kind: String)
    /// The input is larger than the limit; `size` is its size when known (a file), nil for a stream.
    case tooLarge(path: String, size: Int?, limit: InputSizeLimit)
    /// The system refused to open or read it; `reason` is the system's message (`Permission denied`).
    case unreadable(path: String, reason: String)

    /// The path the error is about (`standard input` for stdin).
    package var path: String {
        switch self {
        case .missing(let path), .isDirectory(let path), .notRegularFile(let path, _), .tooLarge(let path, _, _),
            .unreadable(let path, _):
            path
        }
    }

    /// What happened and what to do, for messages that name the file already (`file: reason`).
    package var reasonWithoutPath: String {
        switch self {
        case .missing: "the file does not exist; check the path"
        case .isDirectory: "this is a directory, not a file"
        case .notRegularFile(_, let kind):
            "this is not a regular file (\(kind)); give a regular file (FIFOs and devices are not read: they can block or never end)"
        case .tooLarge: description
        case .unreadable(_, let reason): "cannot read the file: \(reason)"
        }
    }

    /// What happened, where, and what to do.
    package var description: String {
        switch self {
        case .missing(let path):
            return "'\(path)' does not exist; check the path"
        case .isDirectory(let path):
            return "'\(path)' is a directory, not a file"
        case .notRegularFile(let path, let kind):
            return "'\(path)' is not a regular file (\(kind)); give a regular file (FIFOs and devices are not read: they can block or never end)"
        case .tooLarge(let path, let size, let limit):
            let bound = "the input size limit of \(InputSizeLimit.formatExactly(limit.bytes))"
            guard let size else { return "'\(path)' is over \(bound); reading stopped there; \(limit.howToRaise)" }
            return "'\(path)' is \(InputSizeLimit.formatExactly(size)), over \(bound); \(limit.howToRaise)"
        case .unreadable(let path, let reason):
            return "cannot read '\(path)': \(reason)"
        }
    }
}

/// Reads input files in chunks with a size limit, refusing what is not a regular file, so that a
/// FIFO, `/dev/zero` or a runaway file can neither hang a command nor exhaust its memory (package
/// API for the loaders and the CLI).
package enum InputFile {
    /// The name standard input has in messages.
    package static let standardInputName = "standard input"

    /// Bytes asked of `read(2)` at a time.
    static let chunkSize = 1 << 20

    /// The contents of the regular file at `path` (symbolic links followed), at most `limit` bytes.
    ///
    /// The type is checked with `stat` before opening (opening a FIFO for reading would wait for a
    /// writer) and again with `fstat` on the open descriptor (the path may have been swapped).
    ///
    /// - Throws: ``InputFileError``.
    package static func read(atPath path: String, limit: InputSizeLimit) throws(InputFileError) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else { throw error(errno, path: path) }
        try requireRegular(info, path: path)
        if Int(info.st_size) > limit.bytes { throw .tooLarge(path: path, size: Int(info.st_size), limit: limit) }
        // O_NONBLOCK: should the path have become a FIFO since the stat, open must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(errno, path: path) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw error(errno, path: path) }
        try requireRegular(info, path: path)
        return try read(descriptor: descriptor, name: path, limit: limit, expected: Int(info.st_size))
    }

    /// Standard input to its end, at most `limit` bytes (an endless stream stops at the limit).
    ///
    /// - Throws: ``InputFileError/tooLarge(path:size:limit:)`` past the limit,
    ///   ``InputFileError/unreadable(path:reason:)`` when reading fails.
    package static func readStandardInput(limit: InputSizeLimit) throws(InputFileError) -> Data {
        try read(descriptor: STDIN_FILENO, name: standardInputName, limit: limit, expected: 0)
    }

    /// The kind of file system object a `stat` mode describes, for messages: `a FIFO`, `a character device`….
    package static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }

    /// The system's message for `code` (`Permission denied`).
    package static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func requireRegular(_ info: stat, path: String) throws(InputFileError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .isDirectory(path: path)
        default: throw .notRegularFile(path: path, kind: kindName(info.st_mode))
        }
    }

    private static func error(_ code: Int32, path: String) -> InputFileError {
        code == ENOENT ? .missing(path: path) : .unreadable(path: path, reason: reason(code))
    }

    /// Reads until end of file, failing as soon as more than `limit` bytes arrived; `expected` (the
    /// size from `fstat`) only pre-sizes the buffer.
    private static func read(descriptor: Int32, name: String, limit: InputSizeLimit, expected: Int) throws(InputFileError) -> Data {
        var data = Data()
        data.reserveCapacity(min(max(expected, 0), limit.bytes) + 1)
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            // One byte past the limit is enough to know the input is too large.
            let wanted = min(chunkSize, limit.bytes + 1 - data.count)
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: name, reason: reason(errno))
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
            if data.count > limit.bytes {
                throw .tooLarge(path: name, size: name == standardInputName ? nil : max(expected, data.count), limit: limit)
            }
        }
    }
}
