import Foundation

/// The build manifests a walk found beside the files to lint: `project.pbxproj` files inside
/// `.xcodeproj` folders and the folders holding a `Package.swift`.
package struct ProjectManifests: Hashable, Sendable {
    /// Paths of `project.pbxproj` files (as walked).
    package var projectFiles: [String] = []
    /// Folders holding a `Package.swift` (as walked).
    package var packageFolders: [String] = []

    /// None found.
    package init(projectFiles: [String] = [], packageFolders: [String] = []) {
        self.projectFiles = projectFiles
        self.packageFolders = packageFolders
    }

    /// Notes `path` (a regular file met by the walk) when it is a manifest.
    package mutating func note(_ path: String) {
        let name = (path as NSString).lastPathComponent
        let folder = (path as NSString).deletingLastPathComponent
        if name == "project.pbxproj", folder.hasSuffix(".xcodeproj") {
            projectFiles.append(path)
        } else if name == "Package.swift" {
            packageFolders.append(folder.isEmpty ? "." : folder)
        }
    }
}
