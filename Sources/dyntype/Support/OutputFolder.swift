import DynamicTypeAudit
import Foundation
import Notepad
import Rendering

/// The output folder of `dyntype preview`: created if needed and locked for the run
/// (``OutputLock``); only files this command produces are written, each atomically; nothing is
/// deleted; and it is never an input, inside one, or around one (``OutputSafety``).
struct OutputFolder: PreviewImageSink {
    /// The folder.
    let url: URL
    /// Held for as long as any copy of the folder is in use; released with the last one.
    private let lock: OutputLock

    /// Checks `path` against the inputs, creates it and a subfolder per view, and locks it.
    ///
    /// - Parameter inputs: every file and folder the run reads (notes, profile, rules).
    /// - Throws: ``CommandError``: 64 when the folder is, lies in or contains an input; 73 when it
    ///   cannot be created or another run holds it.
    init(path: String, views: [String], protecting inputs: [OutputSafety.Input]) throws {
        try OutputSafety.checkFolder(path, option: "--out '\(path)'", against: inputs)
        url = URL(fileURLWithPath: path).standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CommandError(code: SysExit.cannotCreate, message: "cannot create output folder '\(path)': \(error.localizedDescription)")
        }
        lock = try OutputLock.acquire(url)
        do {
            for folder in views {
                try FileManager.default.createDirectory(at: url.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
        } catch {
            throw CommandError(code: SysExit.cannotCreate, message: "cannot create output folder '\(path)': \(error.localizedDescription)")
        }
    }

    /// Writes `image` as a PNG to `relative` inside the folder.
    func writePNG(_ image: RGBAImage, to relative: String) throws {
        do {
            try PNGEncoder.write(image, to: url.appendingPathComponent(relative).path)
        } catch {
            throw CommandError(code: SysExit.cannotCreate, message: "cannot write \(relative): \(error)")
        }
    }

    /// Writes `text` as UTF-8 to `relative` inside the folder, atomically.
    func write(_ relative: String, _ text: String) throws {
        do {
            try Data(text.utf8).write(to: url.appendingPathComponent(relative), options: .atomic)
        } catch {
            throw CommandError(code: SysExit.cannotCreate, message: "cannot write \(relative): \(error.localizedDescription)")
        }
    }
}

extension OutputFolder {
    /// Puts the file at `source` at `relative` inside the folder: a hard link when both are on one
    /// file system (merge's PNGs can be many megabytes), else a copy; either way through a
    /// temporary name and a rename, so a reader never sees half a file.
    func place(_ source: URL, at relative: String) throws {
        let destination = url.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: source.path) else {
            throw CommandError(code: SysExit.noInput, message: "\(source.path) is missing: its shard's output is incomplete; re-run that shard")
        }
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try? FileManager.default.removeItem(at: temporary)
            if link(source.path, temporary.path) != 0 {
                try FileManager.default.copyItem(at: source, to: temporary)
            }
            guard rename(temporary.path, destination.path) == 0 else {
                throw CommandError(code: SysExit.cannotCreate, message: "cannot write \(relative): \(String(cString: strerror(errno)))")
            }
        } catch let error as CommandError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CommandError(code: SysExit.cannotCreate, message: "cannot write \(relative): \(error.localizedDescription)")
        }
    }
}
