import DynamicTypeCore
import Foundation

/// The Interface Builder files a path names: itself, or every `.xib` and `.storyboard` in a
/// folder at any depth (apps keep them in `Base.lproj` and feature folders), skipping hidden
/// folders, `Pods`, `Carthage` and test folders, and never following a link out of the folder.
enum IBFolderScan {
    /// The most files read from one folder.
    static let maximumFiles = 10_000

    /// The files, sorted, and those refused with why.
    static func scan(_ path: String, limit: Int = maximumFiles) -> (files: [String], refused: [(file: String, reason: String)]) {
        SourceTreeScan.scan(path, limit: limit, matching: IBFile.isInterfaceBuilderFile)
    }
}
