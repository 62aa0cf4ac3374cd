import DynamicTypeCore
import Foundation

/// Which Swift files of the lint input some build compiles, from the Xcode projects and Swift
/// packages in the input. A file no target builds (left in the folder after it was taken out of
/// the project, an old experiment) never runs in the app, and its findings would be false alarms.
///
/// A Swift file is **in no app target** only when all of these hold: it is inside the folder of an
/// Xcode project in the input; no project builds it into the app (``XcodeProjectSources``: no
/// sources phase of a target other than a test bundle lists it, and it is in no synchronized
/// folder such a target has); and no `Package.swift` in the input is in a folder above it. With no readable
/// `project.pbxproj` in the input every file is taken as built (nothing is known). A
/// `project.pbxproj` that cannot be read (too large, not a property list, not a project) says
/// nothing, and the files under its folder are then taken as built too: a broken project file
/// must not hide findings.
package struct TargetMembership: Sendable {
    /// The projects read.
    package var projects: [XcodeProjectSources]
    /// Folders holding a `Package.swift`, absolute and standardized, lowercased.
    package var packageFolders: [String]
    /// Folders of project files that could not be read: nothing under them is skipped.
    package var unreadableProjectFolders: [String]
    /// The project files that could not be read, with the line and why: lint reports each (a
    /// broken project file hides no finding, but its user should know skipping stopped there).
    package var problems: [(path: String, line: Int, message: String)] = []

    /// The smallest size limit a project file is read with: big apps' pbxproj files pass 1 MB, and
    /// a `--max-file-size` lowered for source must not make the project unreadable (which would
    /// only stop skipping, never crash: the limit bounds memory, not correctness).
    package static let minimumProjectFileLimit = 32 << 20

    /// Membership from `manifests` (found by the walk), each pbxproj read with `limit` bytes at most.
    package init(manifests: ProjectManifests, limit: InputSizeLimit) {
        var projects: [XcodeProjectSources] = []
        var unreadable: [String] = []
        var problems: [(path: String, line: Int, message: String)] = []
        for path in manifests.projectFiles {
            switch Self.read(path, limit: limit) {
            case .success(let project):
                projects.append(project)
            case .failure(let problem):
                let folder = ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
                unreadable.append(XcodeProjectSources.standardized(folder.isEmpty ? "." : folder).lowercased())
                problems.append((path, problem.line, problem.message))
            }
        }
        self.projects = projects
        unreadableProjectFolders = unreadable
        self.problems = problems
        packageFolders = manifests.packageFolders.map { XcodeProjectSources.standardized($0).lowercased() }
    }

    /// Membership over `projects` and package folders given directly (tests).
    package init(projects: [XcodeProjectSources], packageFolders: [String] = []) {
        self.projects = projects
        self.packageFolders = packageFolders.map { XcodeProjectSources.standardized($0).lowercased() }
        unreadableProjectFolders = []
    }

    /// Whether the Swift file at `path` is in no target (see the type's rules).
    package func isInNoTarget(_ path: String) -> Bool {
        guard !projects.isEmpty else { return false }
        let absolute = XcodeProjectSources.standardized(path)
        let lowered = absolute.lowercased()
        guard projects.contains(where: { $0.covers(absolute) }) else { return false }
        if packageFolders.contains(where: { XcodeProjectSources.isInside(lowered, folder: $0) }) { return false }
        if unreadableProjectFolders.contains(where: { XcodeProjectSources.isInside(lowered, folder: $0) }) { return false }
        return !projects.contains { $0.builds(absolute) }
    }

    /// Why a project file was not read, and at which line.
    struct ReadProblem: Error {
        var line: Int
        var message: String
    }

    /// The project at `path`, or why it cannot be read or is not a project.
    private static func read(_ path: String, limit: InputSizeLimit) -> Result<XcodeProjectSources, ReadProblem> {
        let how = "files in no target are not skipped under it; fix the project file or exclude it"
        let data: Data
        do {
            data = try InputFile.read(atPath: path, limit: limit)
        } catch {
            return .failure(ReadProblem(line: 1, message: "project file not read (\(error)): \(how)"))
        }
        let bytes = [UInt8](data)
        let plist: OldStylePropertyList
        do {
            plist = try OldStylePropertyList.parse(bytes)
        } catch {
            // The line of the byte the reader stopped at.
            let line = 1 + bytes[..<min(error.offset, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            return .failure(ReadProblem(line: line, message: "project file is not a property list (\(error.message)): \(how)"))
        }
        guard let project = XcodeProjectSources(plist: plist, pbxprojPath: path) else {
            return .failure(ReadProblem(line: 1, message: "not an Xcode project (no root object with a main group): \(how)"))
        }
        return .success(project)
    }
}
