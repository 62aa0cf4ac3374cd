import DynamicTypeCore
import Foundation
import InterfaceBuilderXML

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Interface Builder files (`.xib`, `.storyboard`) read into ``IBScreen``s with the guards
/// `dyntype lint` applies (``XMLDeclarationCheck``: UTF-16 transcoded, other encodings, processing
/// instructions and stray declarations refused before libxml2 sees the file) and the limits of
/// ``IBLimits``.
package enum IBFile {
    /// Whether `path` names an Interface Builder file.
    package static func isInterfaceBuilderFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".xib") || lower.hasSuffix(".storyboard")
    }

    /// The screens of the file at `path`.
    ///
    /// - Throws: ``IBFileError``: the file cannot be read (missing, over `limit`) or is not a
    ///   readable Interface Builder file (the line and why).
    package static func read(path: String, limit: InputSizeLimit = .default) throws(IBFileError) -> [IBScreen] {
        let data: Data
        do {
            data = try InputFile.read(atPath: path, limit: limit)
        } catch {
            throw IBFileError(file: path, line: nil, message: error.reasonWithoutPath, unreadable: error.leavesOut == .unreadable)
        }
        do {
            return try screens(in: [UInt8](data), file: path)
        } catch {
            throw IBFileError(file: path, line: error.line, message: error.message, unreadable: false, unsupported: error.unsupported)
        }
    }

    /// The screens of an Interface Builder document's bytes, named `file`.
    package static func screens(in bytes: [UInt8], file: String) throws(IBReadError) -> [IBScreen] {
        let checked: [UInt8]
        switch XMLDeclarationCheck.checkedUTF8(bytes) {
        case .success(let utf8): checked = utf8
        case .failure(let refusal): throw IBReadError(line: refusal.line, message: refusal.message)
        }
        let delegate = IBDocumentParser(file: file)
        let parser = XMLParser(data: Data(checked))
        parser.delegate = delegate
        // Interface Builder files name no DTD or external entities; never fetch or expand any.
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        if let error = delegate.error { throw error }
        // swift-corelibs-foundation's parse() may return false without calling the delegate.
        if !parsed {
            throw IBReadError(line: max(1, parser.lineNumber), message: "not well-formed XML; fix the file in Xcode or a text editor")
        }
        let screens = delegate.finishedScreens()
        // A root view keeps the width Xcode recorded when it differs from its device's: the image
        // of a view 100,000 pt wide would need gigabytes, and trap the canvas at scale 2
        // (Fuzz/Corpus/interface-builder-views/oom-wide-root.xib).
        for screen in screens {
            guard let root = screen.views.first, let width = root.frame?.width, width > IBLimits.maximumRootWidth else { continue }
            throw IBReadError(
                line: root.line,
                message: "the root view \(root.id) is \(fmt(width)) pt wide; views are laid out up to \(fmt(IBLimits.maximumRootWidth)) pt wide (the widest --width): fix its frame in Interface Builder")
        }
        return screens
    }
}

/// Why an Interface Builder file was left out.
package struct IBFileError: Error, Sendable, CustomStringConvertible {
    /// The file.
    package var file: String
    /// The line, when the problem is at one.
    package var line: Int?
    /// What is wrong and how to fix it.
    package var message: String
    /// Whether the file could not be read at all (missing, not a file); else it is invalid.
    package var unreadable: Bool
    /// Whether the file is valid but not an iOS document (a warning).
    package var unsupported = false

    package var description: String { "\(file): " + (line.map { "line \($0): " } ?? "") + message }
}
