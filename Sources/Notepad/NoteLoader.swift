import Foundation

/// Something wrong with one input note; the other notes still load.
public struct NoteLoadIssue: Hashable, Sendable, CustomStringConvertible {
    /// How bad it is.
    public enum Kind: String, Hashable, Sendable {
        /// Invalid UTF-8 was replaced by U+FFFD; the note still renders.
        case invalidUTF8
        /// The file could not be read; the note is skipped.
        case unreadable
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

    public var description: String { "\(path): \(detail)" }
}

/// A folder, a file or the bundled sample notes that could not be opened at all.
public enum NoteLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path does not exist.
    case missing(path: String)
    /// The path exists but cannot be listed or read.
    case unreadable(path: String, reason: String)
    /// The folder holds no note files.
    case noNotes(path: String)

    public var description: String {
        switch self {
        case .missing(let path): "notes folder or file '\(path)' does not exist; pass a folder of UTF-8 .txt files or one file"
        case .unreadable(let path, let reason): "cannot read '\(path)': \(reason)"
        case .noNotes(let path): "'\(path)' holds no note files (*.txt or other regular, non-hidden files)"
        }
    }
}

/// Loads notes the way the seed app models them. Never writes to the input.
public enum NoteLoader {
    /// The bundled sample notes (the default input everywhere).
    public static func sampleNotes() throws -> [Note] {
        guard let folder = Bundle.module.url(forResource: "SampleNotes", withExtension: nil) else {
            throw NoteLoadError.missing(path: "bundled SampleNotes")
        }
        let loaded = try load(from: folder.path)
        return loaded.notes.map { note in
            var copy = note
            copy.source = "bundled:" + (note.source as NSString).lastPathComponent
            // Bundled files get their modification time from the build; pin a stable date so
            // previews are the same on every machine.
            copy.timestamp = Date(timeIntervalSince1970: 1_404_379_740)  // 2014-07-03, the first seed's date
            return copy
        }
    }

    /// Notes from a folder (every regular, non-hidden file, sorted by name) or from one file.
    ///
    /// - Returns: the notes and the issues found (invalid UTF-8, unreadable, empty, large files).
    /// - Throws: ``NoteLoadError`` when the path is missing or unreadable, or a folder has no files.
    public static func load(from path: String) throws -> (notes: [Note], issues: [NoteLoadIssue]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw NoteLoadError.missing(path: path)
        }
        var files: [String] = []
        if isDirectory.boolValue {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw NoteLoadError.unreadable(path: path, reason: (error as NSError).localizedDescription)
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let full = (path as NSString).appendingPathComponent(name)
                var childIsDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: full, isDirectory: &childIsDirectory), !childIsDirectory.boolValue {
                    files.append(full)
                }
            }
            if files.isEmpty { throw NoteLoadError.noNotes(path: path) }
        } else {
            files = [path]
        }
        var notes: [Note] = []
        var issues: [NoteLoadIssue] = []
        var usedSlugs = Set<String>()
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                issues.append(NoteLoadIssue(path: file, kind: .unreadable, detail: "cannot be read (permission denied?); skipped"))
                if files.count == 1 { throw NoteLoadError.unreadable(path: file, reason: "permission denied?") }
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
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            let date = attributes?[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0)
            var slug = Slug.make((file as NSString).lastPathComponent)
            var suffix = 2
            while !usedSlugs.insert(slug).inserted {
                slug = Slug.make((file as NSString).lastPathComponent) + "-\(suffix)"
                suffix += 1
            }
            notes.append(Note(slug: slug, contents: String(decoding: data, as: UTF8.self), timestamp: date, source: file))
        }
        return (notes, issues)
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
}

/// UTF-8 validation that reports where the first invalid sequence starts.
public enum UTF8Validation {
    /// Byte offset of the first invalid UTF-8 sequence, or nil if `data` is valid.
    public static func firstInvalidOffset(_ data: Data) -> Int? {
        data.withUnsafeBytes { raw -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    index += 1
                    continue
                }
                let length: Int
                switch byte {
                case 0xC2...0xDF: length = 2
                case 0xE0...0xEF: length = 3
                case 0xF0...0xF4: length = 4
                default: return index
                }
                guard index + length <= bytes.count else { return index }
                for k in 1..<length where bytes[index + k] & 0xC0 != 0x80 { return index }
                // Overlongs, surrogates and values above U+10FFFF.
                let second = bytes[index + 1]
                if byte == 0xE0 && second < 0xA0 { return index }
                if byte == 0xED && second > 0x9F { return index }
                if byte == 0xF0 && second < 0x90 { return index }
                if byte == 0xF4 && second > 0x8F { return index }
                index += length
            }
            return nil
        }
    }
}
