import DynamicTypeAudit
import DynamicTypeCore
import Foundation
import Rendering

/// The output folder of `dyntype preview`: created if needed and locked for the run
/// (``OutputLock``); only files this command produces are written, each atomically; nothing is
/// deleted; and it is never an input, inside one, or around one (``OutputSafety``).
package struct OutputFolder: PreviewImageSink {
    /// The folder.
    package let url: URL
    /// Held for as long as any copy of the folder is in use; released with the last one.
    private let lock: OutputLock

    /// Checks `path` against the inputs, creates it and a subfolder per view, and locks it.
    ///
    /// - Parameter inputs: every file and folder the run reads (notes, profile, rules).
    /// - Throws: ``CommandError``: 64 when the folder is, lies in or contains an input; 73 when it
    ///   cannot be created or another run holds it.
    package init(path: String, views: [String], protecting inputs: [OutputSafety.Input]) throws {
        try OutputSafety.checkFolder(path, option: "--out '\(path)'", against: inputs)
        url = URL(fileURLWithPath: path).standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CommandError(code: SysExit.cannotCreate, message: "cannot create output folder '\(path)': \(error.localizedDescription)")
        }
        // Checked before anything is created: a view id is data (a locale from a strings file, an
        // id from a shard's report) and must stay one folder inside the output.
        let root = url
        let folders = try views.map { try Self.location(of: $0, in: root, what: "view folder") }
        lock = try OutputLock.acquire(url)
        // A folder inside the output that is a link (left in an old output, or planted) would take
        // the images wherever it points.
        for relative in views {
            var walked = root
            for component in relative.split(separator: "/").map(String.init) {
                walked = walked.appendingPathComponent(component)
                guard ResolvedPath.isSymbolicLink(walked.path) else { continue }
                throw CommandError(
                    code: SysExit.cannotCreate,
                    message: "'\(walked.path)' is a symbolic link\(ResolvedPath.linkTargetNote(walked.path)); dyntype writes only into real folders inside --out: remove the link or choose another --out")
            }
        }
        do {
            for folder in folders {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
        } catch {
            throw CommandError(code: SysExit.cannotCreate, message: "cannot create output folder '\(path)': \(error.localizedDescription)")
        }
    }

    /// `relative` (`<view>/<NN>-<category>.png`) inside `folder`, each of its components checked
    /// with ``PathComponent/validated(_:what:)`` — other than the shard thumbnails' own dot folder —
    /// so no name from data can lead out of the output folder or onto its hidden files.
    ///
    /// - Throws: ``CommandError`` with exit 65 naming the component.
    package static func location(of relative: String, in folder: URL, what: String) throws -> URL {
        var components = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if components.count > 1, components[0] == ShardThumbnails.folder { components.removeFirst() }
        for component in components {
            do {
                try PathComponent.validated(component, what: "\(what) '\(relative)': name")
            } catch {
                throw CommandError(
                    code: SysExit.dataError,
                    message: "\(error.description); nothing is written outside the output folder '\(folder.path)'")
            }
        }
        return folder.appendingPathComponent(relative)
    }

    /// Writes `image` as a PNG to `relative` inside the folder.
    package func writePNG(_ image: RGBAImage, to relative: String) throws {
        let destination = try Self.location(of: relative, in: url, what: "output file")
        do {
            try PNGEncoder.write(image, to: destination.path)
        } catch {
            throw CommandError(code: SysExit.cannotCreate, message: "cannot write \(relative): \(error)")
        }
    }

    /// Writes `text` as UTF-8 to `relative` inside the folder, atomically.
    package func write(_ relative: String, _ text: String) throws {
        let destination = try Self.location(of: relative, in: url, what: "output file")
        do {
            // AtomicWriter: never renamed over a device, a FIFO, a link or a folder.
            try AtomicWriter.standard.write(Data(text.utf8), to: destination, createFolder: false)
        } catch {
            throw CommandError(code: SysExit.cannotCreate, message: "cannot write \(relative): \(error.reason)")
        }
    }
}

extension OutputFolder {
    /// Puts the shard file `source` (already opened and checked, see ``ShardFile``) at `relative`
    /// inside the folder: a hard link to the very file that was checked when both are on one file
    /// system (merge's PNGs can be many megabytes), else a copy read from it; either way through a
    /// temporary name and a rename, so a reader never sees half a file.
    package func place(_ source: ShardFile, at relative: String) throws {
        let destination = try Self.location(of: relative, in: url, what: "output file")
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        func fail(_ reason: String) -> CommandError {
            unlink(temporary.path)
            return CommandError(code: SysExit.cannotCreate, message: "cannot write '\(destination.path)': \(reason)")
        }
        unlink(temporary.path)
        // Linking through /proc/self/fd links the open file itself, not whatever the path names now.
        if linkat(AT_FDCWD, "/proc/self/fd/\(source.descriptor)", AT_FDCWD, temporary.path, AT_SYMLINK_FOLLOW) != 0 {
            let output = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard output >= 0 else { throw fail(InputFile.reason(errno)) }
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            var offset: off_t = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { pread(source.descriptor, $0.baseAddress, $0.count, offset) }
                if count < 0, errno == EINTR { continue }
                if count < 0 {
                    let reason = "reading '\(source.path)': \(InputFile.reason(errno))"
                    close(output)
                    throw fail(reason)
                }
                if count == 0 { break }
                var written = 0
                while written < count {
                    let result = buffer.withUnsafeBytes { Foundation.write(output, $0.baseAddress! + written, count - written) }
                    if result < 0, errno == EINTR { continue }
                    if result < 0 {
                        let reason = InputFile.reason(errno)
                        close(output)
                        throw fail(reason)
                    }
                    written += result
                }
                offset += off_t(count)
            }
            if close(output) != 0 { throw fail(InputFile.reason(errno)) }
        }
        do { try AtomicWriter.checkDestination(destination.path) } catch { throw fail(error.reason) }
        guard rename(temporary.path, destination.path) == 0 else { throw fail(InputFile.reason(errno)) }
    }
}
