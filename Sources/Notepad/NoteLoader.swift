import DynamicTypeCore
import Foundation

/// Something wrong with one input note; the other notes still load.
package struct NoteLoadIssue: Hashable, Sendable, CustomStringConvertible {
    /// How bad it is.
    public enum Kind: String, Hashable, Sendable {
        /// Invalid UTF-8 was replaced by U+FFFD; the note still renders.
        case invalidUTF8
        /// The file could not be read (the system's reason is in the detail); the note is skipped.
        case unreadable
        /// A FIFO, device or socket: never read (it could block or never end); skipped.
        case notRegularFile
        /// Larger than the input size limit; skipped.
        case tooLarge
        /// A symbolic link whose target does not exist; skipped.
        case danglingSymlink
        /// A symbolic link out of the folder given, or to something that is not a regular file:
        /// never followed (it could put any file of the machine into the outputs); skipped.
        case symlinkNotFollowed
        /// The file is empty; it renders as an empty, untitled note.
        case empty
        /// The note is very large (over 1 MB); it renders, slowly.
        case large
    }

    /// The file.
    public var path: String
    /// What happened.
    public var kind: Kind
    /// Details: the byte offset of the first invalid sequence, the OS error, the size.
    public var detail: String

    /// `<path>: <detail>`.
    public var description: String { "\(path): \(detail)" }

    /// An issue with `path` (other readers of the same inputs report theirs as notes' are).
    package init(path: String, kind: Kind, detail: String) {
        self.path = path
        self.kind = kind
        self.detail = detail
    }
}

/// A folder, a file or the bundled sample notes that could not be opened at all.
package enum NoteLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path does not exist.
    case missing(path: String)
    /// The path exists but cannot be listed or read (the reason says why: the system's message,
    /// or that it is not a regular file).
    case unreadable(path: String, reason: String)
    /// The folder holds no note files.
    case noNotes(path: String)
    /// The one note file given is larger than the input size limit.
    case tooLarge(path: String, reason: String)

    /// What happened, where, and what to do.
    public var description: String {
        switch self {
        case .missing(let path): "notes folder or file '\(path)' does not exist; pass a folder of UTF-8 .txt files or one file"
        case .unreadable(let path, let reason): "cannot read '\(path)': \(reason)"
        case .noNotes(let path): "'\(path)' holds no note files (*.txt or other regular, non-hidden files)"
        case .tooLarge(_, let reason): reason
        }
    }
}

/// Loads notes the way the seed app models them. Never writes to the input.
package enum NoteLoader {
    /// Slugs the output folders of `dyntype preview` and `snapshot` use for their own files and
    /// folders (`list/`, `index.html`, `report.json`, `contact-sheet.png`, `artifacts/`): a note
    /// whose file name slugs to one of them gets `-note` appended, so it can never replace them.
    public static let reservedSlugs: Set<String> = ["list", "index", "report", "contact-sheet", "artifacts"]

    /// The date the sample notes and snapshot notes carry: 3 July 2014, the first seed's date, so
    /// a checkout's modification times never change a preview or a snapshot.
    public static let sampleDate = Date(timeIntervalSince1970: 1_404_379_740)

    /// The bundled sample notes (the default input everywhere).
    public static func sampleNotes() throws -> [Note] {
        guard let folder = bundledSamplesPath else {
            throw NoteLoadError.missing(path: "bundled SampleNotes")
        }
        let loaded = try load(from: folder)
        return loaded.notes.map { note in
            var copy = note
            copy.source = "bundled:" + (note.source as NSString).lastPathComponent
            // Bundled files get their modification time from the build; pin a stable date so
            // previews are the same on every machine.
            copy.timestamp = sampleDate
            return copy
        }
    }

    /// Where the bundled sample notes are (nil when the resource is missing).
    private static var bundledSamplesPath: String? {
        Bundle.module.url(forResource: "SampleNotes", withExtension: nil)?.path
    }

    /// Notes from a folder (every regular, non-hidden file, sorted by name) or from one file, each
    /// read in chunks up to `limit` bytes.
    ///
    /// In a folder, a file that cannot be read, is not a regular file (a FIFO, a device), is over
    /// the limit or is a dangling symbolic link is skipped and reported as an issue; the others load.
    ///
    /// - Returns: the notes and the issues found (invalid UTF-8, unreadable, not regular, too large,
    ///   dangling links, empty, large files).
    /// - Throws: ``NoteLoadError`` when the path is missing or unreadable, a single file cannot be
    ///   loaded, or a folder has nothing that could be a note.
    ///
    /// In a folder, only files `accepting` accepts are notes (files other readers read, such as
    /// screens and strings files, share the folder and are left out).
    package static func load(
        from path: String, limit: InputSizeLimit = .default, accepting: (String) -> Bool = { _ in true }
    ) throws -> (notes: [Note], issues: [NoteLoadIssue]) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { throw NoteLoadError.missing(path: path) }
            throw NoteLoadError.unreadable(path: path, reason: InputFile.reason(errno))
        }
        var issues: [NoteLoadIssue] = []
        let files: [String]
        let isFolder = info.st_mode & S_IFMT == S_IFDIR
        if isFolder {
            files = try noteFiles(in: path, accepting: accepting, issues: &issues)
            if files.isEmpty && issues.isEmpty { throw NoteLoadError.noNotes(path: path) }
        } else {
            files = [path]
        }
        var notes: [Note] = []
        var usedSlugs = Set<String>()
        for file in files {
            let data: Data
            do {
                data = try InputFile.read(atPath: file, limit: limit)
            } catch {
                let (issue, reason) = Self.issue(for: error, file: file)
                if !isFolder {
                    if issue.kind == .tooLarge { throw NoteLoadError.tooLarge(path: file, reason: error.description) }
                    throw NoteLoadError.unreadable(path: file, reason: reason)
                }
                issues.append(issue)
                continue
            }
            if data.isEmpty {
                issues.append(NoteLoadIssue(path: file, kind: .empty, detail: "empty file; shown as an empty, untitled note"))
            }
            if data.count > 1 << 20 {
                issues.append(
                    NoteLoadIssue(path: file, kind: .large, detail: "large note (\(data.count / 1024) KB)"))
            }
            if let offset = UTF8Validation.firstInvalidOffset(data) {
                issues.append(
                    NoteLoadIssue(
                        path: file, kind: .invalidUTF8,
                        detail: "invalid UTF-8 at byte offset \(offset); replaced by U+FFFD, the note still renders"))
            }
            let date = (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date
            let slug = Slug.unique(for: (file as NSString).lastPathComponent, taken: &usedSlugs)
            notes.append(
                Note(
                    slug: slug, contents: String(decoding: data, as: UTF8.self),
                    timestamp: date ?? Date(timeIntervalSince1970: 0), source: file))
        }
        return (notes, issues)
    }

    /// The candidate note files of a folder, sorted by name: every non-hidden entry that is not a
    /// folder, and links to regular files inside the folder. Dangling links, links out of the
    /// folder or to anything but a regular file, and entries that cannot be examined become issues.
    /// Files `accepting` refuses are not notes and are left out before anything else, so that a
    /// linked Swift or screen file is left to its own reader.
    private static func noteFiles(in folder: String, accepting: (String) -> Bool, issues: inout [NoteLoadIssue]) throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            throw NoteLoadError.unreadable(
                path: folder, reason: code.map { InputFile.reason(Int32($0)) } ?? (error as NSError).localizedDescription)
        }
        var files: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let full = (folder as NSString).appendingPathComponent(name)
            guard accepting(full) else { continue }
            switch FolderLink.refusal(full, inFolder: folder) {
            case .dangling?:
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?"
                issues.append(
                    NoteLoadIssue(
                        path: full, kind: .danglingSymlink,
                        detail: "dangling symlink (its target '\(destination)' does not exist), skipped"))
                continue
            case let refusal?:
                issues.append(NoteLoadIssue(path: full, kind: .symlinkNotFollowed, detail: refusal.description))
                continue
            case nil:
                break
            }
            var target = stat()
            if stat(full, &target) == 0 {
                if target.st_mode & S_IFMT != S_IFDIR { files.append(full) }
                continue
            }
            let code = errno
            var link = stat()
            if lstat(full, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, code == ENOENT {
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?"
                issues.append(
                    NoteLoadIssue(
                        path: full, kind: .danglingSymlink,
                        detail: "dangling symlink (its target '\(destination)' does not exist), skipped"))
            } else {
                issues.append(
                    NoteLoadIssue(path: full, kind: .unreadable, detail: "cannot be read: \(InputFile.reason(code)); skipped"))
            }
        }
        return files
    }

    /// The issue for a note file that could not be read, and the bare reason for a single-file error.
    private static func issue(for error: InputFileError, file: String) -> (issue: NoteLoadIssue, reason: String) {
        let kind: NoteLoadIssue.Kind
        let reason: String
        switch error {
        case .notRegularFile(_, let what):
            kind = .notRegularFile
            reason = "is not a regular file (\(what)); notes must be regular files"
        case .tooLarge:
            kind = .tooLarge
            reason = error.description
        case .missing:
            kind = .unreadable
            reason = "disappeared while loading"
        case .isDirectory:
            kind = .unreadable
            reason = "is a directory"
        case .unreadable(_, let system):
            kind = .unreadable
            reason = "cannot be read: \(system)"
        }
        let detail = kind == .tooLarge ? reason.replacingOccurrences(of: "'\(file)' ", with: "") + "; skipped" : reason + "; skipped"
        return (NoteLoadIssue(path: file, kind: kind, detail: detail), reason)
    }
}

/// File-name-safe identifiers.
enum Slug {
    /// Lower-case ASCII letters, digits and dashes from a file name without its extension.
    static func make(_ fileName: String) -> String {
        let stem = (fileName as NSString).deletingPathExtension
        var out = ""
        var lastDash = false
        for scalar in stem.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                out.unicodeScalars.append(scalar)
                lastDash = false
            } else if !lastDash && !out.isEmpty {
                out.append("-")
                lastDash = true
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "note" : out
    }

    /// The slug of `fileName`, made unique among `taken` (`-2`, `-3`… appended) and never one of
    /// ``NoteLoader/reservedSlugs`` (`-note` appended); inserted into `taken`.
    static func unique(for fileName: String, taken: inout Set<String>) -> String {
        var base = make(fileName)
        if NoteLoader.reservedSlugs.contains(base) { base += "-note" }
        var slug = base
        var suffix = 2
        while !taken.insert(slug).inserted {
            slug = "\(base)-\(suffix)"
            suffix += 1
        }
        return slug
    }
}

extension Note {
    /// The bundled sample notes, the seeds' notepad (the default input of every command), dated
    /// 3 July 2014 so that previews and snapshots never depend on a checkout's file times.
    ///
    /// - Throws: an error when the package's resources are missing.
    public static func samples() throws -> [Note] { try NoteLoader.sampleNotes() }
}
