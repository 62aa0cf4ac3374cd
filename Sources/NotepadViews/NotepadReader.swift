import DynamicTypeAudit
import DynamicTypeCore
import Foundation
import Notepad
import TextStack

/// The seeds' notepad as a reader of views: text files (`.txt`, `.text`, `.md`, `.markdown`, or
/// no extension) and folders of them become notes, shown in the notes list and each in an editor
/// (``NotepadSource``); with no path given at all, the bundled sample notes. Its options, by the
/// command line's names: `row-heights`, `rules`, `columns`, `pages`, `figure`, `exclusion`, `open`.
package struct NotepadReader: ViewSourceReader {
    /// The notepad's reader.
    package init() {}

    /// The extensions of note files (lower case); a file with no extension is a note too.
    package static let textExtensions: Set<String> = ["txt", "text", "md", "markdown"]

    package var name: String { "notes" }

    package var claimsDescription: String { "notes (.txt, .md or no extension)" }

    package func claims(file: String) -> Bool {
        let ext = (file as NSString).pathExtension.lowercased()
        return ext.isEmpty || Self.textExtensions.contains(ext)
    }

    package func validate(_ context: ViewReadContext) throws(InputProblem) {
        _ = try editorLayout(context)
        _ = try rowHeights(context)
        for text in context.options["figure"] ?? [] { _ = try FigureOption(parsing: text) }
        for text in context.options["exclusion"] ?? [] { _ = try ExclusionShape(parsing: text) }
    }

    package func read(_ files: [String], context: ViewReadContext) throws(InputProblem) -> ViewReading {
        var notes: [Note] = []
        var problems: [InputProblem] = []
        do {
            if context.paths.isEmpty {
                notes = try NoteLoader.sampleNotes()
            }
            for path in files {
                let loaded = try NoteLoader.load(from: path, limit: context.limit, accepting: claims(file:))
                // Several folders may hold notes with the same slug; output folders must stay distinct.
                for var note in loaded.notes {
                    note.slug = context.uniqueID(note.slug)
                    notes.append(note)
                }
                problems += loaded.issues.map(Self.problem)
            }
        } catch let error as NoteLoadError {
            throw Self.problem(error)
        } catch {
            throw InputProblem(file: files.joined(separator: ", "), kind: .unreadable, fullMessage: "\(error)")
        }
        let settings = try self.settings(context)
        let source = NotepadSource(notes: notes, openNotes: try openNotes(context, count: notes.count), settings: settings)
        let noteFiles = notes.map(\.source).filter { !$0.hasPrefix("bundled:") }
        let optionFiles = (context.option("rules").map { [$0] } ?? []) + (context.options["figure"] ?? []).compactMap { try? FigureOption(parsing: $0).path }
        // Without notes the source offers no view, but its settings still reach the reports.
        return ViewReading(sources: [source], problems: problems, readFiles: noteFiles + optionFiles, watchedFiles: files + optionFiles)
    }

    /// The notepad's settings of `context`'s options, figures placed on its device.
    package func settings(_ context: ViewReadContext) throws(InputProblem) -> NotepadSettings {
        var figures: [NoteFigure] = []
        for text in context.options["figure"] ?? [] {
            figures.append(try FigureOption(parsing: text).figure(on: context.settings.device, limit: context.limit))
        }
        var exclusions: [BezierPath] = []
        for text in context.options["exclusion"] ?? [] { exclusions.append(try ExclusionShape(parsing: text).path) }
        return NotepadSettings(
            rule: try rowHeights(context), rules: try highlightRules(context), editorLayout: try editorLayout(context), figures: figures,
            exclusions: exclusions)
    }

    /// `row-heights`: `seed` (the default) or `selfSizing`.
    private func rowHeights(_ context: ViewReadContext) throws(InputProblem) -> RowHeightRule {
        guard let text = context.option("row-heights") else { return .seed }
        guard let rule = RowHeightRule(rawValue: text) else {
            throw InputProblem(
                file: "--row-heights", kind: .usage,
                fullMessage: "invalid --row-heights '\(text)': give \(RowHeightRule.allCases.map(\.rawValue).joined(separator: " or "))")
        }
        return rule
    }

    /// `columns` / `pages`.
    private func editorLayout(_ context: ViewReadContext) throws(InputProblem) -> EditorLayout {
        let pages = context.option("pages") == "true"
        let columns = try context.option("columns").map { (text: String) throws(InputProblem) -> Int in
            guard let count = Int(text) else {
                throw InputProblem(file: "--columns", kind: .usage, fullMessage: "invalid --columns '\(text)': give 2…12")
            }
            return count
        }
        switch (columns, pages) {
        case (nil, false): return .scrolling
        case (nil, true): return .pages
        case (let count?, false):
            guard (2...12).contains(count) else {
                throw InputProblem(
                    file: "--columns", kind: .usage, fullMessage: "invalid --columns \(count): give 2…12 (1 is the ordinary scrolling editor)")
            }
            return .columns(count)
        case (_?, true):
            throw InputProblem(file: "--columns", kind: .usage, fullMessage: "give --columns or --pages, not both")
        }
    }

    /// The rule file's rules (read up to the limit), or the seeds'. Read through the one input
    /// reader: missing, a FIFO or a device is unreadable, a file that is not a rules file invalid.
    private func highlightRules(_ context: ViewReadContext) throws(InputProblem) -> HighlightRuleSet {
        guard let rules = context.option("rules") else { return .seeds }
        let data: Data
        do {
            data = try InputFile.read(atPath: rules, limit: context.limit)
        } catch {
            throw InputProblem(file: rules, kind: error.leavesOut, fullMessage: error.description)
        }
        do {
            return try HighlightRuleSet(jsonData: data, origin: rules)
        } catch {
            throw InputProblem(file: rules, kind: .invalid, fullMessage: "\(error)")
        }
    }

    /// `open`: the 1-based note numbers opened in editors (nil: every note).
    private func openNotes(_ context: ViewReadContext, count: Int) throws(InputProblem) -> [Int]? {
        guard let open = context.option("open") else { return nil }
        var indices: [Int] = []
        for text in open.split(separator: ",") {
            guard let index = Int(text.trimmingCharacters(in: .whitespaces)), index >= 1, index <= count else {
                throw InputProblem(file: "--open", kind: .usage, fullMessage: "invalid --open '\(text)': give note numbers 1…\(count)")
            }
            indices.append(index - 1)
        }
        return indices
    }

    /// The problem a folder's note issue is.
    static func problem(_ issue: NoteLoadIssue) -> InputProblem {
        let kind: InputProblem.Kind =
            switch issue.kind {
            case .unreadable, .notRegularFile, .symlinkNotFollowed: .unreadable
            case .tooLarge: .invalid
            case .invalidUTF8: .invalidText
            case .danglingSymlink, .empty, .large: .warning
            }
        return InputProblem(file: issue.path, kind: kind, fullMessage: issue.description)
    }

    /// The problem a path that cannot be loaded at all is.
    static func problem(_ error: NoteLoadError) -> InputProblem {
        switch error {
        case .missing(let path), .unreadable(let path, _), .noNotes(let path):
            InputProblem(file: path, kind: .unreadable, fullMessage: error.description)
        case .tooLarge(let path, _): InputProblem(file: path, kind: .invalid, fullMessage: error.description)
        }
    }
}
