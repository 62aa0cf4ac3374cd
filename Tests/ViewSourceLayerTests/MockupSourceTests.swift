import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSnapshots
import DynamicTypeViewSources
import FontSystem
import Foundation
import Testing

@testable import DynamicTypeServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A source of views no module of the package knows: text mock-ups (`*.mockup.txt`: a screen's
/// name, then one label per line, `# ` for a headline). It is one reader plus one registry line,
/// and gets preview, the switch sweep, snapshots and the live preview with no change elsewhere.
struct MockupReader: ViewSourceReader {
    var name: String { "mock-ups" }
    var claimsDescription: String { "mock-ups (*.mockup.txt)" }

    func claims(file: String) -> Bool { file.lowercased().hasSuffix(".mockup.txt") }

    func read(_ files: [String], context: ViewReadContext) throws(InputProblem) -> ViewReading {
        var documents: [ScreenDocument] = []
        var problems: [InputProblem] = []
        for path in files {
            let candidates: [String]
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                candidates = names.sorted().filter(claims(file:)).map { (path as NSString).appendingPathComponent($0) }
            } else {
                candidates = [path]
            }
            for file in candidates {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    problems.append(InputProblem(file: file, message: "not UTF-8 text; left out", kind: .unreadable))
                    continue
                }
                let lines = text.split(separator: "\n").map(String.init)
                guard let title = lines.first else {
                    problems.append(InputProblem(file: file, line: 1, message: "empty mock-up: give a name on the first line", kind: .invalid))
                    continue
                }
                let screen = Screen(name: title, padding: EdgeInsets(all: 16)) {
                    for line in lines.dropFirst() {
                        if line.hasPrefix("# ") {
                            Label(String(line.dropFirst(2))).font(.headline)
                        } else {
                            Label(line).font(.body)
                        }
                    }
                }
                documents.append(ScreenDocument(screen: screen, slug: context.uniqueID(ScreenDocument.slug(title)), source: file))
            }
        }
        guard !documents.isEmpty else { return ViewReading(problems: problems) }
        return ViewReading(
            sources: [MockupSource(screens: ScreenSource(screens: documents, locales: context.locales, strings: context.strings))],
            problems: problems, readFiles: documents.compactMap(\.source), watchedFiles: documents.compactMap(\.source))
    }
}

/// The mock-ups' source: their own type, with none of the package's source protocols beyond
/// ``ViewSource`` (drawn through the screen model, counted and fingerprinted by the defaults).
struct MockupSource: ViewSource {
    var screens: ScreenSource

    var views: [SourceView] { screens.views }
    var fingerprintParts: [String] { screens.fingerprintParts }

    func build(_ view: SourceView, setting: TextSizeSetting, settings: AuditSettings, resolver: FontResolver) throws -> any LiveView {
        try screens.build(view, setting: setting, settings: settings, resolver: resolver)
    }
}

@Suite("A source registered by a test: preview, switch --sweep, snapshot and serve")
struct MockupSourceTests {
    /// The standard readers with the mock-ups first: one line.
    static let registry = ViewSourceRegistry(readers: [MockupReader()] + ViewSourceRegistry.standard.readers)

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-mockups-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("Login\n# Welcome back\nSign in with the e-mail address you registered with.\n".utf8)
            .write(to: url.appendingPathComponent("login.mockup.txt"))
        try Data("Receipt\n# Total\nThank you for shopping with us; your order ships tomorrow.\n".utf8)
            .write(to: url.appendingPathComponent("receipt.mockup.txt"))
        // A compiled nib: no reader claims it (`.xib` and `.storyboard` are the Interface Builder reader's).
        try Data("<?xml version=\"1.0\"?><document/>".utf8).write(to: url.appendingPathComponent("Main.nib"))
        return url
    }

    static func read(_ folder: URL) throws -> ViewReading {
        try registry.read(ViewReadContext(paths: [folder.path], settings: AuditSettings()))
    }

    @Test("the registry gives the mock-ups to their reader; a file no reader claims is named and left out")
    func reading() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reading = try Self.read(folder)
        #expect(reading.views.map(\.id) == ["login", "receipt"])
        #expect(reading.sources.contains { $0 is MockupSource })
        let unclaimed = reading.problems.filter { $0.kind == .unclaimed }
        #expect(unclaimed.map(\.file) == [folder.appendingPathComponent("Main.nib").path])
        #expect(unclaimed.first?.description.contains("mock-ups (*.mockup.txt)") == true)
        #expect(PreviewSummary.inventory(sources: reading.sources) == "2 views")
        // Without the mock-up reader, a file no reader claims given by name is still left out, not
        // read as a note.
        let standard = try ViewSourceRegistry.standard.read(ViewReadContext(paths: [folder.appendingPathComponent("Main.nib").path]))
        #expect(standard.views.isEmpty && standard.problems.map(\.kind) == [.unclaimed])
    }

    @Test("preview draws and checks every mock-up at every category")
    func preview() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reading = try Self.read(folder)
        let preview = Preview(sources: reading.sources, settings: AuditSettings(), scale: 1, resolver: try .shared(), sink: NoImages())
        let categories: [ContentSizeCategory] = [.large, .accessibility5]
        let results = try preview.renderAll(categories: categories, jobs: 2)
        #expect(results.count == 2)
        for result in results {
            #expect(Set(result.views.keys) == ["login", "receipt"], "\(result.category)")
        }
        let report = PreviewReport(
            preview: preview, categories: categories, results: results, issues: reading.problems.map(\.description),
            environment: ReportEnvironment(resolver: try .shared(), fonts: results.flatMap(\.fonts)), seconds: 0)
        #expect(report.views.map(\.id) == ["login", "receipt"])
        #expect(report.inputIssues.contains { $0.contains("Main.nib") })
    }

    @Test("switch --sweep walks every category for the mock-ups")
    func sweep() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reading = try Self.read(folder)
        let audit = SizeSwitchAudit(sources: reading.sources, settings: AuditSettings(), resolver: try .shared())
        let report = try audit.sweep()
        #expect(Set(report.checks.map(\.view)) == ["login", "receipt"])
        #expect(report.sweep?.categories.count == 12, "every category walked")
    }

    @Test("snapshot records each mock-up per category through the generic subject, and verifies it")
    func snapshot() throws {
        let folder = try Self.folder()
        let out = folder.appendingPathComponent("snapshots")
        defer { try? FileManager.default.removeItem(at: folder) }
        let reading = try Self.read(folder)
        let suite = SnapshotSuite(sources: reading.sources, settings: AuditSettings(), scale: 1, categories: [.large, .accessibility3])
        #expect(suite.subjects.map(\.viewName) == ["login", "receipt"])
        #expect(suite.subjects.allSatisfy { $0 is SourceViewSnapshot })
        let recorded = try suite.run(SnapshotSuite.RunOptions(out: out.path, mode: .all, verifying: false))
        #expect(recorded.failure(inputIssues: nil) == nil)
        let dump = try String(contentsOf: out.appendingPathComponent("login/\(ContentSizeCategory.accessibility3.fileStem).txt"), encoding: .utf8)
        #expect(dump.contains("Welcome back"))
        let verified = try suite.run(SnapshotSuite.RunOptions(out: out.path, mode: .never, verifying: true))
        #expect(verified.failure(inputIssues: nil) == nil, "the same mock-ups verify against what they recorded")
    }

    @Test("serve lists the mock-ups and renders one as PNG")
    func serve() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var selection = ViewInputSelection()
        selection.paths = [folder.path]
        let catalog = try LivePreviewCatalog(selection: selection, registry: Self.registry, settings: AuditSettings())
        #expect(catalog.views.map(\.id) == ["login", "receipt"])
        let server = LivePreviewServer(catalog: catalog, settings: AuditSettings(), scale: 1, resolver: try .shared())
        let bound = PortBox()
        let task = Task { try await server.run(host: "127.0.0.1", port: 0) { await bound.set($0) } }
        defer { task.cancel() }
        let port = try await bound.wait()
        let (list, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/api/views")!)
        #expect(String(decoding: list, as: UTF8.self).contains("\"receipt\""))
        let (png, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/render/login/large.png")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}

/// The port the server bound, once it is running.
actor PortBox {
    private var port: Int?

    func set(_ value: Int) { port = value }

    /// The port, polled until the server is up (it binds within a second; 200 tries of 50 ms).
    func wait() async throws -> Int {
        for _ in 0..<200 {
            if let port { return port }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CancellationError()
    }
}
