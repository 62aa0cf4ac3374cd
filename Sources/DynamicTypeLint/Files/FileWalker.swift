import DynamicTypeCore
import Foundation

/// A file to lint: where to open it, how reports name it, and which reader reads it.
package struct LintInput: Hashable, Sendable {
    /// What reads the file.
    package enum Kind: Hashable, Sendable {
        /// `.swift`: swift-syntax.
        case swift
        /// `.xib`, `.storyboard`: the XML reader.
        case interfaceBuilder
    }

    /// The path to open.
    package var path: String
    /// The path in reports: relative to the root when inside it, else absolute.
    package var displayPath: String
    /// The reader.
    package var kind: Kind

    /// The kind for a file name, or nil when lint does not read it.
    package static func kind(ofName name: String) -> Kind? {
        if name.hasSuffix(".swift") { return .swift }
        if name.hasSuffix(".xib") || name.hasSuffix(".storyboard") { return .interfaceBuilder }
        return nil
    }
}

/// Finds the files to lint under the paths given: folders are walked (build output, dependency
/// checkouts and version control skipped, along with the config's excluded paths); symbolic links
/// are followed only to files inside the folder being walked, never into folders (no cycles, no
/// escape from the tree); what is not a regular file is reported instead of opened.
package struct FileWalker: Sendable {
    /// Folders never walked: build output (`build`, `.build`, `DerivedData`), dependency checkouts
    /// (`Pods`, `Carthage`, `SourcePackages`, `node_modules`) and version control.
    package static let skippedFolders: Set<String> = [
        "build", ".build", "DerivedData", "Pods", "Carthage", "SourcePackages", "node_modules", ".git", ".svn", ".hg", ".swiftpm",
    ]

    /// The root that report paths and excluded patterns are relative to (absolute, standardized).
    package var root: String
    /// Excluded path patterns.
    package var excluded: [GlobPattern]

    /// A walker relative to `root`.
    package init(root: String, excluded: [GlobPattern]) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.excluded = excluded
    }

    /// The files under `paths` (sorted by display path, each real file once), the findings for
    /// entries that could not be opened as files, and the build manifests met on the way
    /// (`project.pbxproj`, `Package.swift`; in folders walked, not excluded).
    ///
    /// - Throws: ``LintError`` for a named path that is missing, not a file or folder, or a file
    ///   lint does not read.
    package func inputs(
        _ paths: [String], finding: (String, String) -> LintFinding
    ) throws(LintError) -> (inputs: [LintInput], findings: [LintFinding], manifests: ProjectManifests) {
        var inputs: [LintInput] = []
        var findings: [LintFinding] = []
        var manifests = ProjectManifests()
        var seen: Set<String> = []
        func add(_ path: String, kind: LintInput.Kind) {
            let real = realPath(path) ?? path
            guard seen.insert(real).inserted else { return }
            let display = displayPath(path)
            guard !isExcluded(display, isFolder: false), !hasExcludedFolder(display) else { return }
            inputs.append(LintInput(path: path, displayPath: display, kind: kind))
        }
        for given in paths {
            var info = stat()
            guard stat(given, &info) == 0 else {
                let code = errno
                throw LintError(
                    code == ENOENT ? InputFileError.missing(path: given) : .unreadable(path: given, reason: InputFile.reason(code)))
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(given, top: realPath(given) ?? given, add: add, manifests: &manifests, findings: &findings, finding: finding)
            case S_IFREG:
                guard let kind = LintInput.kind(ofName: given) else {
                    throw LintError(.usage, "'\(given)' is neither a Swift file (.swift) nor an Interface Builder file (.xib, .storyboard)")
                }
                add(given, kind: kind)
            default:
                throw LintError(InputFileError.notRegularFile(path: given, kind: InputFile.kindName(info.st_mode)))
            }
        }
        inputs.sort { $0.displayPath < $1.displayPath }
        return (inputs, findings, manifests)
    }

    private func walk(
        _ folder: String, top: String, add: (String, LintInput.Kind) -> Void, manifests: inout ProjectManifests,
        findings: inout [LintFinding], finding: (String, String) -> LintFinding
    ) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            findings.append(finding(displayPath(folder), "cannot read this folder: \(InputFile.reason(errno))"))
            return
        }
        for name in names.sorted() {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard !Self.skippedFolders.contains(name), !isExcluded(displayPath(path), isFolder: true) else { continue }
                walk(path, top: top, add: add, manifests: &manifests, findings: &findings, finding: finding)
            case S_IFREG:
                if let kind = LintInput.kind(ofName: name) { add(path, kind) }
                if name == "project.pbxproj" || name == "Package.swift", !isExcluded(displayPath(path), isFolder: false) {
                    manifests.note(path)
                }
            case S_IFLNK:
                guard let kind = LintInput.kind(ofName: name) else { continue }
                // Only links to regular files inside the folder being walked; folders are never followed.
                var target = stat()
                guard stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG,
                    let real = realPath(path), real.hasPrefix(top.hasSuffix("/") ? top : top + "/")
                else { continue }
                add(path, kind)
            default:
                if LintInput.kind(ofName: name) != nil {
                    findings.append(
                        finding(displayPath(path), "not a regular file (\(InputFile.kindName(info.st_mode))); it was not read"))
                }
            }
        }
    }

    /// `path` relative to the root when inside it, else absolute (so that it means the same from
    /// any folder, and SARIF can give it as a `file://` URI).
    package func displayPath(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    private func isExcluded(_ display: String, isFolder: Bool) -> Bool {
        excluded.contains { $0.matches(display, isFolder: isFolder) }
    }

    /// Whether a folder above `display` is excluded (a file named on the command line is not
    /// walked to, so its folders were not tested on the way down).
    private func hasExcludedFolder(_ display: String) -> Bool {
        let parts = display.split(separator: "/")
        guard parts.count > 1 else { return false }
        for end in 1..<parts.count where isExcluded(parts[0..<end].joined(separator: "/"), isFolder: true) { return true }
        return false
    }

    private func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
