import Foundation
import Testing

/// Every command draws and checks a view through one renderer: the samples and the example screens
/// (portrait, landscape, with the keyboard, each in two locales) through `preview`, `switch
/// --sweep`, `snapshot` and `serve` give the same findings (view, category, kind) and the same PNG
/// bytes.
@Suite("one renderer: preview, sweep, snapshot and serve agree (end to end)", .serialized)
struct OneRendererTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples/screens")
        .standardizedFileURL
    static let categories = ["xSmall", "large", "accessibility5"]

    /// (view, category, kind) of each finding, one string each.
    typealias Keys = Set<String>

    static func key(view: String, category: String, kind: String) -> String { "\(view) · \(category) · \(kind)" }

    @Test(
        "the same findings and PNG bytes from every command",
        arguments: [["--orientation", "portrait"], ["--orientation", "landscape"], ["--keyboard", "device"]])
    func sameEverywhere(setting: [String]) throws {
        let root = try PreviewCommandTests.temporaryFolder("one-renderer")
        defer { try? FileManager.default.removeItem(at: root) }
        // The sample notes, dated as snapshots date notes (the editor's time indicator shows the date).
        let notes = root.appendingPathComponent("notes")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: NoteFolders.samples), to: notes)
        for name in try FileManager.default.contentsOfDirectory(atPath: notes.path) {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_404_379_740)], ofItemAtPath: notes.appendingPathComponent(name).path)
        }
        let inputs = [
            notes.path, Self.examples.path, "--strings", Self.examples.appendingPathComponent("Localizable.xcstrings").path,
            "--locales", "en,de", "--device", "iphone-15", "--scale", "2", "--fonts", "hermetic",
        ] + setting
        let categoryList = Self.categories.joined(separator: ",")

        // preview: report.json and its PNGs.
        let previewFolder = root.appendingPathComponent("preview")
        let preview = try DyntypeRunner.run(["preview"] + inputs + ["--categories", categoryList, "--out", previewFolder.path], timeout: 600)
        #expect(preview.status == 0 || preview.status == 1, "\(preview.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: previewFolder.appendingPathComponent("report.json"))) as? [String: Any])
        let views = try #require(report["views"] as? [[String: Any]])
        var previewKeys = Keys()
        var previewPNGs: [String: Data] = [:]
        for view in views {
            let id = try #require(view["id"] as? String)
            let findings = try #require(view["findings"] as? [String: [[String: Any]]])
            for (category, list) in findings {
                for finding in list {
                    #expect(finding["view"] as? String == id)
                    previewKeys.insert(Self.key(view: id, category: category, kind: finding["kind"] as? String ?? ""))
                }
            }
            for (category, file) in try #require(view["files"] as? [String: String]) {
                previewPNGs["\(id)/\(category)"] = try Data(contentsOf: previewFolder.appendingPathComponent(file))
            }
        }
        let ids = Set(views.compactMap { $0["id"] as? String })
        #expect(ids.contains("list") && ids.contains("checkout.de") && ids.contains("checkout.en"), "\(ids.sorted())")
        #expect(previewPNGs.count == ids.count * Self.categories.count)

        // switch --sweep: every finding at every category (compared at the preview's categories).
        let sweep = try DyntypeRunner.run(["switch", "--sweep", "--format", "json"] + inputs, timeout: 600)
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let sweepReport = try #require(try JSONSerialization.jsonObject(with: Data(sweep.stdout.utf8)) as? [String: Any])
        var sweepKeys = Keys()
        for finding in try #require(sweepReport["findings"] as? [[String: Any]]) {
            let category = finding["category"] as? String ?? ""
            guard Self.categories.contains(category), let view = finding["view"] as? String else { continue }
            sweepKeys.insert(Self.key(view: view, category: category, kind: finding["kind"] as? String ?? ""))
        }
        #expect(sweepKeys == previewKeys, "sweep only: \(sweepKeys.subtracting(previewKeys).sorted()); preview only: \(previewKeys.subtracting(sweepKeys).sorted())")

        // snapshot record: layout dumps (their findings) and PNGs.
        let snapshots = root.appendingPathComponent("snapshots")
        let snapshot = try DyntypeRunner.run(
            ["snapshot", "record"] + inputs + ["--categories", categoryList, "--format", "both", "--out", snapshots.path], timeout: 600)
        #expect(snapshot.status == 0, "\(snapshot.stderr)")
        var snapshotKeys = Keys()
        for id in ids {
            for category in Self.categories {
                let stem = try #require(previewStem(views: views, id: id, category: category))
                let dump = try String(contentsOf: snapshots.appendingPathComponent("\(id)/\(stem).txt"), encoding: .utf8)
                for line in dump.split(separator: "\n") where line.hasPrefix("  [") {
                    // "  [warning] truncated list row 2: …"
                    let words = line.split(separator: " ")
                    snapshotKeys.insert(Self.key(view: id, category: category, kind: String(words[1])))
                }
                let png = try Data(contentsOf: snapshots.appendingPathComponent("\(id)/\(stem).png"))
                #expect(png == previewPNGs["\(id)/\(category)"], "\(id) at \(category): snapshot PNG differs from preview's")
            }
        }
        #expect(snapshotKeys == previewKeys, "snapshot only: \(snapshotKeys.subtracting(previewKeys).sorted()); preview only: \(previewKeys.subtracting(snapshotKeys).sorted())")

        // serve: /api/views findings and /render PNGs.
        let server = try ServeCommandTests.Server(inputs)
        defer { _ = server.stop() }
        var serveKeys = Keys()
        for category in Self.categories {
            let (status, body) = try server.get("/api/views?category=\(category)")
            #expect(status == 200)
            let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            for view in try #require(object["views"] as? [[String: Any]]) {
                let id = view["id"] as? String ?? ""
                #expect(view["error"] == nil, "\(id): \(view["error"] ?? "")")
                for finding in (view["findings"] as? [String: [[String: Any]]])?[category] ?? [] {
                    serveKeys.insert(Self.key(view: id, category: category, kind: finding["kind"] as? String ?? ""))
                }
            }
            for id in ids {
                let (status, png) = try server.get("/render/\(id)/\(category).png")
                #expect(status == 200)
                #expect(png == previewPNGs["\(id)/\(category)"], "\(id) at \(category): served PNG differs from preview's")
            }
        }
        #expect(serveKeys == previewKeys, "serve only: \(serveKeys.subtracting(previewKeys).sorted()); preview only: \(previewKeys.subtracting(serveKeys).sorted())")
    }

    /// The file stem of `id`'s PNG at `category` in the preview report (`03-large`).
    func previewStem(views: [[String: Any]], id: String, category: String) -> String? {
        guard let view = views.first(where: { $0["id"] as? String == id }), let file = (view["files"] as? [String: String])?[category] else {
            return nil
        }
        return ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}

/// Where the bundled sample notes are.
enum NoteFolders {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Notepad/SampleNotes").standardizedFileURL.path
}
