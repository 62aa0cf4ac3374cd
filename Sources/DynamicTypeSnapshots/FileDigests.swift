import DynamicTypeCore
import Foundation
import Synchronization

/// SHA-256 (the system's libcrypto, ``SHA256Hasher``) as 64 lower-case hexadecimal digits: the
/// hash of every font file a reference was made with, and the hermetic font directory's key.
package enum SHA256Digest {
    /// The hex digest of `data`.
    package static func hex(_ data: Data) -> String {
        // libcrypto fails only when it cannot allocate a context: as fatal as running out of memory.
        do {
            let hasher = try SHA256Hasher()
            try hasher.update(data)
            return hex(try hasher.finish())
        } catch {
            fatalError("\(error)")
        }
    }

    /// The hex digest of the file at `path`, read in 1 MB chunks (a font file is never held whole).
    ///
    /// - Throws: ``InputFileError/notRegularFile(path:kind:)`` for a FIFO, a device or a folder
    ///   (hashing `/dev/zero` would never end); `CocoaError` when the file cannot be opened or read.
    package static func hex(ofFileAt path: String) throws -> String {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw InputFileError.notRegularFile(path: path, kind: InputFile.kindName(info.st_mode))
        }
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let hasher = try SHA256Hasher()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            try hasher.update(chunk)
        }
        return hex(try hasher.finish())
    }

    private static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// SHA-256 of font and data files, computed once per file per process (keyed by path, size and
/// modification time, so a file replaced while the process runs is hashed again).
package enum FileDigests {
    private struct Key: Hashable {
        var path: String
        var size: Int
        var modified: Double
    }

    private static let cache = Mutex<[Key: String]>([:])

    /// The hex SHA-256 of the file at `path`.
    package static func sha256(ofFileAt path: String) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let key = Key(
            path: path, size: (attributes[.size] as? NSNumber)?.intValue ?? -1,
            modified: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        if let known = cache.withLock({ $0[key] }) { return known }
        let digest = try SHA256Digest.hex(ofFileAt: path)
        cache.withLock { $0[key] = digest }
        return digest
    }
}
