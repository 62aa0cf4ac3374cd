import Foundation

/// The source files an Xcode project builds into the app, read from its `project.pbxproj`: a file
/// is built when the sources phase (`PBXSourcesBuildPhase`) of some target that is not a test
/// bundle lists a `PBXBuildFile` of its `PBXFileReference`; everything inside an Xcode 16
/// synchronized folder (`PBXFileSystemSynchronizedRootGroup`) is built too, unless only test
/// bundles list the folder (its per-target exceptions are not read: counting a file as built can
/// only keep a finding). Code only test bundles build runs in the test runner, never in the app. Paths are resolved through the group tree
/// from the main group, as Xcode does: `<group>` relative to the parent group, `SOURCE_ROOT`
/// relative to the project's folder, `<absolute>` as written; other source trees (the SDK, built
/// products) hold no app source and are left out.
package struct XcodeProjectSources: Hashable, Sendable {
    /// The folder the project's relative paths start from: the one holding the `.xcodeproj`
    /// (plus the project's `projectDirPath`), absolute and standardized.
    package var projectFolder: String
    /// Files some target other than a test bundle compiles, absolute and standardized, lowercased (projects made on macOS's
    /// case-insensitive disks may spell a name differently from the file).
    package var builtFiles: Set<String>
    /// Synchronized folders not listed by test bundles only, absolute and standardized, lowercased.
    package var synchronizedFolders: [String]

    /// How deep the group tree is followed: real projects nest groups a dozen levels; this only
    /// stops a hostile file whose groups contain each other.
    static let maximumGroupDepth = 256

    /// The project in `plist`, the parsed `project.pbxproj` at `pbxprojPath`; nil when it is not a
    /// project (no `objects`, no root object, no main group).
    package init?(plist: OldStylePropertyList, pbxprojPath: String) {
        guard let top = plist.dictionary, let objects = top["objects"]?.dictionary,
            let rootID = top["rootObject"]?.string, let root = objects[rootID]?.dictionary,
            let mainGroup = root["mainGroup"]?.string
        else { return nil }
        // project.pbxproj sits in X.xcodeproj/, whose folder the project's paths start from.
        let xcodeproj = (pbxprojPath as NSString).deletingLastPathComponent
        var folder = (xcodeproj as NSString).deletingLastPathComponent
        if let projectDirPath = root["projectDirPath"]?.string, !projectDirPath.isEmpty {
            folder = projectDirPath.hasPrefix("/") ? projectDirPath : (folder as NSString).appendingPathComponent(projectDirPath)
        }
        projectFolder = Self.standardized(folder.isEmpty ? "." : folder)

        // Every file reference's path, found by walking the groups from the main group.
        var referencePaths: [String: String] = [:]
        var folders: [(id: String, path: String)] = []
        var visited: Set<String> = []
        var stack: [(id: String, parentPath: String, depth: Int)] = [(mainGroup, projectFolder, 0)]
        while let (id, parentPath, depth) = stack.popLast() {
            guard depth <= Self.maximumGroupDepth, visited.insert(id).inserted, let object = objects[id]?.dictionary else { continue }
            guard let path = Self.resolve(object, parentPath: parentPath, projectFolder: projectFolder) else { continue }
            switch object["isa"]?.string {
            case "PBXGroup", "PBXVariantGroup", "XCVersionGroup":
                for child in object["children"]?.array ?? [] {
                    if let childID = child.string { stack.append((childID, path, depth + 1)) }
                }
            case "PBXFileSystemSynchronizedRootGroup":
                folders.append((id, path.lowercased()))
            case "PBXFileReference":
                referencePaths[id] = path
            default:
                continue
            }
        }

        // Which phases and synchronized folders belong to test bundles only: their code runs in
        // the test runner, never in the app (a phase or folder no target lists counts as the app's).
        var testPhases: Set<String> = []
        var appPhases: Set<String> = []
        var testFolders: Set<String> = []
        var appFolders: Set<String> = []
        for (_, value) in objects {
            guard let target = value.dictionary, target["isa"]?.string == "PBXNativeTarget" else { continue }
            let isTest = Self.isTestProduct(target["productType"]?.string ?? "")
            for phase in target["buildPhases"]?.array ?? [] {
                if let id = phase.string { isTest ? testPhases.insert(id) : appPhases.insert(id) }
            }
            for group in target["fileSystemSynchronizedGroups"]?.array ?? [] {
                if let id = group.string { isTest ? testFolders.insert(id) : appFolders.insert(id) }
            }
        }

        var built: Set<String> = []
        for (id, value) in objects {
            guard let object = value.dictionary, object["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
            guard appPhases.contains(id) || !testPhases.contains(id) else { continue }
            for fileID in object["files"]?.array ?? [] {
                guard let buildFileID = fileID.string, let buildFile = objects[buildFileID]?.dictionary,
                    let referenceID = buildFile["fileRef"]?.string, let path = referencePaths[referenceID]
                else { continue }
                built.insert(path.lowercased())
            }
        }
        builtFiles = built
        synchronizedFolders = folders.filter { appFolders.contains($0.id) || !testFolders.contains($0.id) }.map(\.path)
    }

    /// Whether a target's `productType` is a test bundle (unit or UI tests).
    static func isTestProduct(_ productType: String) -> Bool {
        productType.hasSuffix(".bundle.unit-test") || productType.hasSuffix(".bundle.ui-testing")
    }

    /// Whether `path` (absolute, standardized) is compiled by a target of this project.
    package func builds(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return builtFiles.contains(lowered) || synchronizedFolders.contains { Self.isInside(lowered, folder: $0) }
    }

    /// Whether `path` is inside the project's folder (where its files would be).
    package func covers(_ path: String) -> Bool {
        Self.isInside(path.lowercased(), folder: projectFolder.lowercased())
    }

    /// The object's full path from its `path` and `sourceTree`, or nil when its source tree is
    /// outside the app (the SDK, built products) or unknown.
    private static func resolve(_ object: [String: OldStylePropertyList], parentPath: String, projectFolder: String) -> String? {
        let path = object["path"]?.string ?? ""
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>": return path.isEmpty ? parentPath : standardized((parentPath as NSString).appendingPathComponent(path))
        case "SOURCE_ROOT": return path.isEmpty ? projectFolder : standardized((projectFolder as NSString).appendingPathComponent(path))
        case "<absolute>": return path.hasPrefix("/") ? standardized(path) : nil
        default: return nil
        }
    }

    /// `path` absolute (from the current folder) with `.` and `..` resolved.
    package static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Whether `path` is `folder` or inside it.
    static func isInside(_ path: String, folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
