import Foundation

/// Names for views that share a type name: the end of each one's path that tells it apart
/// (`iOS/HomeView.swift`, `macOS/HomeView.swift`), with the line when two are in one file.
enum DuplicateNames {
    /// For each `(path, line)`, the fewest trailing path components that no other path shares
    /// (the file's name at least); `File.swift:12` when the same file holds more than one.
    static func places(_ declarations: [(path: String, line: Int)]) -> [String] {
        let components = declarations.map { $0.path.split(separator: "/").map(String.init) }
        let deepest = components.map(\.count).max() ?? 1
        func suffix(_ parts: [String], _ count: Int) -> String { parts.suffix(count).joined(separator: "/") }
        var count = 1
        // Paths are at most a few dozen components deep: this loop is bounded by the deepest.
        while count < deepest {
            let suffixes = components.map { suffix($0, count) }
            let distinctPaths = Set(declarations.map(\.path))
            if Set(suffixes).count == distinctPaths.count { break }
            count += 1
        }
        let names = components.map { suffix($0, count) }
        return declarations.indices.map { index in
            let sharesFile = declarations.indices.contains { $0 != index && declarations[$0].path == declarations[index].path }
            return sharesFile ? "\(names[index]):\(declarations[index].line)" : names[index]
        }
    }
}
