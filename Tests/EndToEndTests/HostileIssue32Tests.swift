import Foundation
import Testing

/// Issue 32 through the binary: a notes link to the environment, outputs onto FIFOs, one path for
/// two outputs or for an input, and a step summary that is a FIFO.
@Suite("Issue 32: readers and writers under hostile input (end to end)")
struct HostileIssue32Tests {
    static let large = ["--categories", "large"]
    static let local = ["CI": "", "SNAPSHOT_TESTING_RECORD": "", "SNAPSHOT_ARTIFACTS": "", "DYNTYPE_MAX_INPUT_SIZE": ""]

    /// A folder with `notes/a.txt`, removed by the caller.
    static func workspace(_ name: String) throws -> (root: URL, notes: URL) {
        let root = try PreviewCommandTests.temporaryFolder(name)
        let notes = root.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Data("Groceries\nMilk".utf8).write(to: notes.appendingPathComponent("a.txt"))
        return (root, notes)
    }

    @Test("a notes link to /proc/self/environ is skipped (66), naming it; the environment reaches no output")
    func environmentLink() throws {
        let (root, notes) = try Self.workspace("environ")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: notes.appendingPathComponent("env.txt").path, withDestinationPath: "/proc/self/environ")
        let marker = "ISSUE32_MARKER_\(UUID().uuidString)"
        let out = root.appendingPathComponent("out")
        let result = try DyntypeRunner.run(
            ["preview", notes.path, "--out", out.path] + Self.large, environment: Self.local.merging(["ISSUE32_SECRET": marker]) { $1 })
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("env.txt"), "\(result.stderr)")
        #expect(result.stderr.contains("outside the folder"), "\(result.stderr)")
        for file in ["report.json", "index.html"] {
            let text = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains(marker), "\(file) holds the environment")
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("env").path), "no view folder for the link")
    }

    @Test("--sarif onto a FIFO is 73 and the FIFO stays; two outputs on one path, or on an input, are 64")
    func outputs() throws {
        let (root, notes) = try Self.workspace("outputs")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out").path
        let fifo = root.appendingPathComponent("findings.sarif").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let intoFIFO = try DyntypeRunner.run(["preview", notes.path, "--out", out, "--sarif", fifo] + Self.large, environment: Self.local, timeout: 60)
        #expect(intoFIFO.status == 73, "\(intoFIFO.stderr)")
        #expect(intoFIFO.stderr.contains("it is a FIFO, not a regular file"), "\(intoFIFO.stderr)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")

        let both = root.appendingPathComponent("both.json").path
        let twice = try DyntypeRunner.run(
            ["preview", notes.path, "--out", out, "--sarif", both, "--write-baseline", both] + Self.large, environment: Self.local)
        #expect(twice.status == 64, "\(twice.stderr)")
        #expect(twice.stderr.contains("--write-baseline and --sarif both name"), "\(twice.stderr)")
        #expect(!FileManager.default.fileExists(atPath: both))

        // A token map the run reads, and the run's own report.
        let swift = root.appendingPathComponent("Row.swift")
        try Data("import SwiftUI\nstruct Row: View { var body: some View { Text(\"A\").font(theme.body) } }\n".utf8).write(to: swift)
        let map = root.appendingPathComponent("map.yml")
        let mapText = "fonts:\n  theme.body: title2\n"
        try Data(mapText.utf8).write(to: map)
        for target in [map.path, out + "/report.json"] {
            let result = try DyntypeRunner.run(
                ["preview", swift.path, "--fonts", map.path, "--out", out, "--sarif", target] + Self.large, environment: Self.local)
            #expect(result.status == 64, "\(target): \(result.stderr)")
            #expect(result.stderr.contains("a file this run reads"), "\(result.stderr)")
        }
        #expect(try String(contentsOf: map, encoding: .utf8) == mapText)
    }

    @Test("lint --write-baseline naming a Swift input is 64 and the file is untouched")
    func lintBaselineOnInput() throws {
        let (root, _) = try Self.workspace("lint-baseline")
        defer { try? FileManager.default.removeItem(at: root) }
        let swift = root.appendingPathComponent("App.swift")
        let source = "import SwiftUI\nstruct Row: View { var body: some View { Text(\"A\").font(.system(size: 12)) } }\n"
        try Data(source.utf8).write(to: swift)
        for (inputs, target) in [([swift.path], swift.path), ([root.path], swift.path)] {
            let result = try DyntypeRunner.run(["lint"] + inputs + ["--write-baseline", target], environment: Self.local)
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("is a file lint reads"), "\(result.stderr)")
        }
        #expect(try String(contentsOf: swift, encoding: .utf8) == source)
    }

    @Test("GITHUB_STEP_SUMMARY naming a FIFO: the run ends with a warning, nothing blocks")
    func summaryFIFO() throws {
        let (root, notes) = try Self.workspace("summary")
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("summary").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let result = try DyntypeRunner.run(
            ["preview", notes.path, "--out", root.appendingPathComponent("out").path] + Self.large,
            environment: Self.local.merging(["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": fifo]) { $1 }, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: GITHUB_STEP_SUMMARY '\(fifo)' is a FIFO"), "\(result.stderr)")
    }

    @Test(
        "--sarif and --write-baseline naming a device node (made here, never /dev): 73, the device stays a device",
        .enabled(if: getuid() == 0, "making a device node needs root"))
    func deviceOutput() throws {
        let (root, notes) = try Self.workspace("device")
        defer { try? FileManager.default.removeItem(at: root) }
        let device = root.appendingPathComponent("null").path
        // The null device's numbers (1, 3): writing to it is harmless even if a check failed.
        try #require(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        for option in ["--sarif", "--write-baseline"] {
            let result = try DyntypeRunner.run(
                ["preview", notes.path, "--out", root.appendingPathComponent("out").path, option, device] + Self.large, environment: Self.local)
            #expect(result.status == 73, "\(option): \(result.stderr)")
            #expect(result.stderr.contains(device) && result.stderr.contains("not a regular file"), "\(result.stderr)")
            var info = stat()
            #expect(lstat(device, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "\(option) replaced the device")
        }
        let lint = try DyntypeRunner.run(["lint", notes.path, "--write-baseline", device], environment: Self.local)
        #expect(lint.status == 73, "\(lint.stderr)")
        var info = stat()
        #expect(lstat(device, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "lint replaced the device")
    }
}
