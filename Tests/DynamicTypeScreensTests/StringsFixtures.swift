import Foundation

/// Paths to the strings fixtures and a scratch folder for files a test writes itself.
enum StringsFixtures {
    /// `Fixtures/strings` next to this file.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/strings")

    /// The path of a fixture, e.g. `Shop.xcstrings` or `de.lproj/Localizable.strings`.
    static func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// One scratch folder per test process, removed when the process exits, so runs leave
    /// nothing in the temporary directory.
    static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("StringsTests-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: StringsFixtures.scratch) }
        return folder
    }()

    /// Writes `bytes` to `name` (which may contain folders such as `fr.lproj/`) inside a new
    /// folder of ``scratch`` and returns its path; each call gets its own folder so parallel
    /// tests never share files.
    static func write(_ bytes: [UInt8], named name: String) throws -> String {
        let directory = scratch.appendingPathComponent(UUID().uuidString)
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Writes UTF-8 text.
    static func write(_ text: String, named name: String) throws -> String {
        try write(Array(text.utf8), named: name)
    }
}
