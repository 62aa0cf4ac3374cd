import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation

/// Interface Builder files as a reader of views: `.xib` and `.storyboard` files and folders of them
/// (at any depth) become one screen per storyboard scene, top-level view of a xib and table or
/// collection cell, laid out with Auto Layout (``IBLayoutEngine``). A file that cannot be read is a
/// problem at its line; the other files are read. Findings are located at the line of the element
/// their IB object id names.
package struct InterfaceBuilderViewReader: ViewSourceReader {
    /// The Interface Builder reader.
    package init() {}

    package var name: String { "Interface Builder files" }

    package var claimsDescription: String { "Interface Builder files (.xib, .storyboard)" }

    package func claims(file: String) -> Bool { IBFile.isInterfaceBuilderFile(file) }

    package func holdsFiles(inTree folder: String) -> Bool? { !IBFolderScan.scan(folder, limit: 1).files.isEmpty }

    /// The strings files of the Interface Builder files in a folder (``IBStringsFiles``): their
    /// labels, buttons and text fields show a locale's text with `--locales` and no `--strings`.
    package func stringsFiles(inTree folder: String) -> [String] { IBStringsFiles.files(inTree: folder) }

    /// The strings files of one Interface Builder file given by name (``IBStringsFiles``).
    package func stringsFiles(localizing file: String) -> [String] { IBStringsFiles.files(localizing: file) }

    package func read(_ files: [String], context: ViewReadContext) throws(InputProblem) -> ViewReading {
        var documents: [ScreenDocument] = []
        var problems: [InputProblem] = []
        var read: [String] = []
        let calibrating = context.option("recorded-sizes") != nil
        let resolver = calibrating ? try? FontResolver.shared() : nil
        for path in files {
            let scan = IBFolderScan.scan(path)
            problems += scan.refused.map { InputProblem(file: $0.file, message: $0.reason, kind: .warning) }
            for file in scan.files {
                read.append(file)
                do {
                    let screens = try IBFile.read(path: file, limit: context.limit)
                    for screen in screens {
                        documents.append(Self.document(screen, id: context.uniqueID(Self.slug(screen)), recordedSizes: calibrating))
                    }
                    if let resolver, !screens.isEmpty {
                        // The calibration's figures, printed per file with the other notes of the reading.
                        let results = screens.map { RecordedSizeCalibration.calibrate($0, resolver: resolver, profile: context.settings.profile) }
                        problems.append(InputProblem(file: file, message: RecordedSizeCalibration.report(results, file: file), kind: .warning))
                    }
                } catch {
                    problems.append(InputProblem(file: file, line: error.line, message: error.message, kind: error.unreadable ? .unreadable : error.unsupported ? .warning : .invalid))
                }
            }
        }
        guard !documents.isEmpty else { return ViewReading(problems: problems, readFiles: read, watchedFiles: read) }
        var source = ScreenSource(screens: documents, locales: context.locales, strings: context.strings)
        source.locator = InterfaceBuilderLineLocator()
        return ViewReading(sources: [source], problems: problems, readFiles: read, watchedFiles: read)
    }

    /// The view id of a screen: the file's name and the screen's (`main-login`).
    static func slug(_ screen: IBScreen) -> String {
        let file = ((screen.file as NSString).lastPathComponent as NSString).deletingPathExtension
        return ScreenDocument.slug("\(file) \(screen.name)")
    }

    /// The screen document of `screen`, laid out by its engine.
    package static func document(_ screen: IBScreen, id: String, recordedSizes: Bool = false) -> ScreenDocument {
        var document = ScreenDocument(
            screen: IBLayoutEngine.screenModel(screen), slug: id, source: screen.file,
            baseDirectory: (screen.file as NSString).deletingLastPathComponent)
        document.engine = IBLayoutEngine(screen: screen, recordedSizes: recordedSizes)
        document.line = screen.line
        return document
    }
}

/// Findings in an Interface Builder file at the line of the element whose IB object id their
/// element names in brackets (`Login: UILabel "Sign in" [abc-12-xyz]`), each file read once.
struct InterfaceBuilderLineLocator: ScreenLineLocator {
    /// Files' lines declaring ids, read once each.
    private let lines = LockedDictionary<String, [String: Int]>()

    func line(of finding: Finding, in view: SourceView, file: String) -> Int? {
        guard let open = finding.element.lastIndex(of: "["), let close = finding.element.lastIndex(of: "]"), open < close else { return nil }
        let id = String(finding.element[finding.element.index(after: open)..<close])
        let table = lines.value(for: file) {
            // Hostile files are size-checked when read; the text read again here is the same file.
            guard let data = try? InputFile.read(atPath: file, limit: .default) else { return [:] }
            return Self.idLines(String(decoding: data, as: UTF8.self))
        }
        return table[id]
    }

    /// The line of each ` id="…"` in `text` (the first, as IB ids are unique in a file).
    static func idLines(_ text: String) -> [String: Int] {
        var result: [String: Int] = [:]
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard let range = line.range(of: " id=\"") else { continue }
            let rest = line[range.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { continue }
            let id = String(rest[..<end])
            if result[id] == nil { result[id] = number }
        }
        return result
    }
}
