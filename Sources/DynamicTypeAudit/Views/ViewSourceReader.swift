import DynamicTypeCore
import DynamicTypeScreens
import Foundation

/// A kind of input that becomes views: the notepad's notes, screen files, SwiftUI sources, and
/// whatever a team adds next. Every command asks a ``ViewSourceRegistry`` of readers, never a
/// reader by name: a new source is one module with one reader plus one line in the registry.
///
/// A reader says which files it reads (``claims(file:)``), which files it only uses beside them
/// (``companion(file:)``: strings, token maps), how it finds its files in a folder, and turns
/// them into ``ViewSource``s with the problems it met, each with its file and line.
package protocol ViewSourceReader: Sendable {
    /// The reader's name in messages (`notes`, `screen files`, `SwiftUI sources`).
    var name: String { get }
    /// What it reads, for the message about a file no reader claims (`notes (.txt, .md)`).
    var claimsDescription: String { get }
    /// Whether the reader reads `file` (a path given or found in a folder) as views.
    func claims(file: String) -> Bool
    /// Whether `file` is a companion of this reader's views (read with them, not a view itself),
    /// so it is neither a view nor reported as unclaimed; false by default.
    func companion(file: String) -> Bool
    /// For readers whose views span a folder tree: whether `folder` holds, at any depth, a file
    /// this reader reads (it may stop at the first). nil: the reader reads only a folder's own
    /// files, which the registry lists and offers it by ``claims(file:)``.
    func holdsFiles(inTree folder: String) -> Bool?
    /// The reader's views of `files` (the claimed files in the order given, folders expanded),
    /// read with `context`. Called for every reader, with no files too: a reader may offer views
    /// without inputs (the notepad's bundled samples when no path is given) or settings that
    /// reach the reports.
    ///
    /// - Throws: ``InputProblem`` when the inputs cannot be used at all (a missing file given by
    ///   name, an invalid companion); problems with single files in folders are returned instead.
    func read(_ files: [String], context: ViewReadContext) throws(InputProblem) -> ViewReading
    /// Checks the reader's own options in `context` before anything is read; none by default.
    ///
    /// - Throws: ``InputProblem`` of kind ``InputProblem/Kind/usage``.
    func validate(_ context: ViewReadContext) throws(InputProblem)
    /// The strings files (`.xcstrings`, `.strings`, `.stringsdict`) of the app in the folder
    /// `folder`, which the reader's views look their keys up in when no `--strings` is given
    /// (a SwiftUI app's String Catalogs); none by default.
    func stringsFiles(inTree folder: String) -> [String]
    /// The strings files that localize `file`, an input this reader claims given by name (an
    /// Interface Builder file's `<lang>.lproj/<name>.strings` beside its `Base.lproj`), which its
    /// views look their texts up in when no `--strings` is given; none by default.
    func stringsFiles(localizing file: String) -> [String]
}

extension ViewSourceReader {
    /// No strings of its own.
    package func stringsFiles(inTree folder: String) -> [String] { [] }
    /// No strings of its own beside a file.
    package func stringsFiles(localizing file: String) -> [String] { [] }
    /// No companions.
    package func companion(file: String) -> Bool { false }
    /// Only a folder's own files.
    package func holdsFiles(inTree folder: String) -> Bool? { nil }
    /// No options of its own.
    package func validate(_ context: ViewReadContext) throws(InputProblem) {}
}

/// What every reader reads with: the paths given, the strings and locales screens are looked up
/// in, the input size limit, the options of one source (by option name, as the command line
/// spells them: the notepad's `columns`, SwiftUI's `fonts`), and the ids already taken.
package struct ViewReadContext: Sendable {
    /// The paths given on the command line, in order (empty: a reader's default views).
    package var paths: [String]
    /// The locales text is checked in (nil: literal text and the source language).
    package var locales: [String?]
    /// The strings screens' keys are looked up in.
    package var strings: StringTable
    /// The largest input file read.
    package var limit: InputSizeLimit = .default
    /// The settings every view is built with (the device, for sources that place things on it).
    package var settings: AuditSettings
    /// Source options by name: `columns` → `["3"]`; each reader reads its own.
    package var options: [String: [String]]
    /// The view ids already taken in this run: readers take theirs through ``uniqueID(_:)``.
    package let ids: ViewIDs

    /// A context.
    package init(
        paths: [String], locales: [String?] = [nil], strings: StringTable = StringTable(), settings: AuditSettings = AuditSettings(),
        options: [String: [String]] = [:]
    ) {
        self.paths = paths
        self.locales = locales
        self.strings = strings
        self.settings = settings
        self.options = options
        ids = ViewIDs()
    }

    /// `slug`, or `slug-2`, `slug-3`… when a view of this run already has it.
    package func uniqueID(_ slug: String) -> String { ids.take(slug) }

    /// The one value of option `name`, if given.
    package func option(_ name: String) -> String? { options[name]?.last }
}

/// View ids taken in one run (`list` is reserved for the notepad's list): output folders and
/// report entries stay distinct when two files give the same name.
package final class ViewIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var taken: Set<String> = ["list"]

    /// No id taken but `list`.
    package init() {}

    /// `slug`, or the first of `slug-2`, `slug-3`… that is free; the result is taken.
    package func take(_ slug: String) -> String {
        lock.withLock {
            var candidate = slug, suffix = 2
            while !taken.insert(candidate).inserted {
                candidate = "\(slug)-\(suffix)"
                suffix += 1
            }
            return candidate
        }
    }
}

/// What a reader read: its sources (views), the problems it met, the files read (outputs never
/// touch them) and the files the live preview watches.
package struct ViewReading: Sendable {
    /// The sources, in report order.
    package var sources: [any ViewSource]
    /// What went wrong with single files (the others were read).
    package var problems: [InputProblem]
    /// Every file read: outputs never overwrite them.
    package var readFiles: [String]
    /// Files whose changes change the views (beyond ``readFiles``: folders' new files are seen by listing).
    package var watchedFiles: [String]

    /// A reading.
    package init(sources: [any ViewSource] = [], problems: [InputProblem] = [], readFiles: [String] = [], watchedFiles: [String] = []) {
        self.sources = sources
        self.problems = problems
        self.readFiles = readFiles
        self.watchedFiles = watchedFiles
    }

    /// Every source's views, in order.
    package var views: [SourceView] { sources.flatMap(\.views) }

    /// `other` after this.
    package mutating func append(_ other: ViewReading) {
        sources += other.sources
        problems += other.problems
        readFiles += other.readFiles
        watchedFiles += other.watchedFiles
    }
}

/// A problem with an input: which file, where in it, what is wrong and how to fix it, and how
/// bad it is. Library code says what kind of problem it is; only the command line turns kinds
/// into exit codes.
package struct InputProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// How bad a problem is.
    package enum Kind: String, Sendable, Hashable, Codable {
        /// A file is missing, is not a regular file or cannot be read: it was left out.
        case unreadable
        /// A file is over the size limit or its content is invalid (a screen file, a token map):
        /// it was left out.
        case invalid
        /// A file's text was read with replacement characters (invalid UTF-8): its views still render.
        case invalidText
        /// A source file that does not parse cleanly: its views were read as far as it parses.
        case syntax
        /// A path no reader claims: it was left out.
        case unclaimed
        /// Worth knowing, nothing left out (an empty or very large note, a dangling link).
        case warning
        /// An option of a source has a bad value (`--columns 13`): nothing was read.
        case usage
    }

    /// The file.
    package var file: String
    /// The 1-based line, when the problem is at one.
    package var line: Int?
    /// What is wrong and how to fix it, without the file (``description`` adds it).
    package var message: String
    /// How bad it is.
    package var kind: Kind
    /// The whole message, file first, when the reader wrote its own (loaders' errors that name the
    /// file in their own words).
    package var fullMessage: String?

    /// A problem at `file` (and `line`).
    package init(file: String, line: Int? = nil, message: String, kind: Kind) {
        self.file = file
        self.line = line
        self.message = message
        self.kind = kind
    }

    /// A problem whose message already names the file (`description` is `fullMessage`).
    package init(file: String, kind: Kind, fullMessage: String) {
        self.init(file: file, message: fullMessage, kind: kind)
        self.fullMessage = fullMessage
    }

    /// `file: line N: message`, or the reader's own message.
    package var description: String {
        if let fullMessage { return fullMessage }
        return "\(file): " + (line.map { "line \($0): " } ?? "") + message
    }

    /// Whether the file (or part of it) was left out: the run ends with a failure once the rest is done.
    package var leftSomethingOut: Bool { kind == .unreadable || kind == .invalid }
}

extension InputFileError {
    /// What a file that could not be read is: over the limit is invalid, anything else unreadable.
    package var leavesOut: InputProblem.Kind {
        if case .tooLarge = self { return .invalid }
        return .unreadable
    }
}
