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

    /// The smallest size limit a project file is read with: big apps' pbxproj files pass 1 MB, and
    /// a `--max-file-size` lowered for source must not make the project unreadable (which would
    /// only stop skipping, never crash: the limit bounds memory, not correctness).
    package static let minimumProjectFileLimit = 32 << 20

    /// Membership from `manifests` (found by the walk), each pbxproj read with `limit` bytes at most.
    package init(manifests: ProjectManifests, limit: InputSizeLimit) {
        var projects: [XcodeProjectSources] = []
        var unreadable: [String] = []
        for path in manifests.projectFiles {
            if let project = Self.read(path, limit: limit) {
                projects.append(project)
            } else {
                let folder = ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
                unreadable.append(XcodeProjectSources.standardized(folder.isEmpty ? "." : folder).lowercased())
            }
        }
        self.projects = projects
        unreadableProjectFolders = unreadable
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

    /// The project at `path`, or nil when it cannot be read or is not a project.
    private static func read(_ path: String, limit: InputSizeLimit) -> XcodeProjectSources? {
        guard let data = try? InputFile.read(atPath: path, limit: limit),
            let plist = try? OldStylePropertyList.parse([UInt8](data))
        else { return nil }
        return XcodeProjectSources(plist: plist, pbxprojPath: path)
    }
}
