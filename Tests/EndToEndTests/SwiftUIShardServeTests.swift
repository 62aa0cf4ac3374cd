import Foundation
import Testing

/// SwiftUI inputs (`.swift` files and folders) through `preview --shard` / `switch --sweep --shard`
/// and `dyntype merge`, and through `dyntype serve` while the Swift file is edited.
@Suite("SwiftUI inputs: shards merged, serve reloading an edited .swift file (end to end)", .serialized)
struct SwiftUIShardServeTests {
    static let fixtures = URL(fileURLWithPath: SwiftUICommandTests.app)
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/swiftui/SettingsScreen.swift").standardizedFileURL

    /// The views of the folder ``swiftFolder(in:)`` makes, in the report's order.
    static let viewIDs = [
        "CheckoutButton", "PriceTag", "SaveBar", "SettingsRow", "Settings-row", "SettingsScreen", "SettingsValueRow", "Settings",
    ]

    /// A folder of SwiftUI files in `root`: four fixtures and the example settings screen (8 views).
    static func swiftFolder(in root: URL) throws -> URL {
        let folder = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["CheckoutButton.swift", "PriceTag.swift", "SaveBar.swift", "SettingsRow.swift"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(at: example, to: folder.appendingPathComponent("SettingsScreen.swift"))
        return folder
    }

    // AX5: the settings row's icon, title and value no longer fit in its 361 pt there (at AX3
    // they do, by SwiftUI's stack algorithm: SpacerRowTests).
    static let preview = ["preview", "--categories", "large,AX5", "--scale", "1"]

    static func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Each view of a preview report as one line: id, title, kind, source, findings per category.
    static func viewLines(_ report: [String: Any]) throws -> [String] {
        try AdversarialInputTests.views(report).map { view in
            let picked = ["id", "title", "kind", "source", "findings"].reduce(into: [String: Any]()) { $0[$1] = view[$1] ?? NSNull() }
            return String(decoding: try JSONSerialization.data(withJSONObject: picked, options: [.sortedKeys]), as: UTF8.self)
        }
    }

    // MARK: preview --shard and merge

    @Test("preview of a SwiftUI folder in n shards, merged: the unsharded report, each view × category in exactly one shard", arguments: [2, 3])
    func previewShards(count: Int) throws {
        let root = try PreviewCommandTests.temporaryFolder("swiftui-shards-\(count)")
        defer { try? FileManager.default.removeItem(at: root) }
        let app = try Self.swiftFolder(in: root)
        let whole = root.appendingPathComponent("whole"), merged = root.appendingPathComponent("merged")
        let full = try DyntypeRunner.run(Self.preview + [app.path, "--out", whole.path])
        #expect(full.status == 0, "\(full.stderr)")
        let wholeReport = try RealSizeTests.report(whole)
        let views = AdversarialInputTests.views(wholeReport)
        #expect(views.compactMap { $0["id"] as? String } == Self.viewIDs)
        // Sources name the Swift files; the comparison below is not of empty findings.
        let row = try RealSizeTests.view(wholeReport, id: "SettingsRow")
        #expect((row["source"] as? String ?? "").hasSuffix("App/SettingsRow.swift"), "\(row["source"] ?? "nil")")
        #expect(try RealSizeTests.view(wholeReport, id: "Settings")["source"] as? String == app.appendingPathComponent("SettingsScreen.swift").path)
        #expect(RealSizeTests.findings(row, category: "accessibility5").contains { $0["kind"] as? String == "truncated" })
        #expect(RealSizeTests.findings(try RealSizeTests.view(wholeReport, id: "PriceTag"), category: "accessibility5")
            .contains { $0["kind"] as? String == "notScaling" })

        let expectedItems = Set(Self.viewIDs.flatMap { ["\($0)/03-large", "\($0)/11-accessibility5"] })
        var shards: [URL] = []
        var done: [String] = []
        for index in 1...count {
            let folder = root.appendingPathComponent("shard-\(index)")
            let run = try DyntypeRunner.run(Self.preview + [app.path, "--shard", "\(index)/\(count)", "--out", folder.path])
            #expect(run.status == 0, "\(run.stderr)")
            let report = try RealSizeTests.report(folder)
            let shard = report["shard"] as? [String: Any]
            #expect(shard?["index"] as? Int == index && shard?["count"] as? Int == count)
            let items = shard?["items"] as? [String] ?? []
            #expect(!items.isEmpty, "shard \(index)/\(count) did nothing")
            done += items
            // A shard draws only its own items.
            let pngs = try PreviewCommandTests.listing(folder).keys.filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") }
            #expect(Set(pngs) == Set(items.map { $0 + ".png" }), "shard \(index)/\(count)")
            shards.append(folder)
        }
        #expect(done.count == Set(done).count, "a view × category ran in two shards: \(done.sorted())")
        #expect(Set(done) == expectedItems, "not every view × category ran")

        let merge = try DyntypeRunner.run(["merge"] + shards.map(\.path) + ["--out", merged.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        let mergedReport = try RealSizeTests.report(merged)
        #expect(try Self.viewLines(mergedReport) == Self.viewLines(wholeReport))
        // All of report.json but the timing, and every PNG, as the unsharded run wrote them.
        #expect(try ShardCommandTests.report(merged) == ShardCommandTests.report(whole))
        let a = try PreviewCommandTests.listing(whole), b = try PreviewCommandTests.listing(merged)
        for (path, bytes) in a where path.hasSuffix(".png") && !path.hasPrefix(".") {
            #expect(b[path] == bytes, "\(path) differs")
        }
        #expect(Set(a.keys.filter { !$0.hasPrefix(".") }) == Set(b.keys.filter { !$0.hasPrefix(".") }))
    }

    // MARK: switch --sweep --shard and merge

    @Test("switch --sweep over a SwiftUI folder in 2 shards, merged: the unsharded sweep, each view walked once")
    func sweepShards() throws {
        let root = try PreviewCommandTests.temporaryFolder("swiftui-sweep-shards")
        defer { try? FileManager.default.removeItem(at: root) }
        let app = try Self.swiftFolder(in: root)
        let whole = try DyntypeRunner.run(["switch", "--sweep", app.path, "--format", "json"])
        #expect(whole.status == 0, "\(whole.stderr)")
        let wholeJSON = try Self.json(Data(whole.stdout.utf8))
        #expect(whole.stdout.contains("SettingsRow.swift:12"), "the row's truncation, at its line")
        var paths: [String] = []
        var walked: [String] = []
        for index in 1...2 {
            let shard = try DyntypeRunner.run(["switch", "--sweep", "--shard", "\(index)/2", app.path, "--format", "json"])
            #expect(shard.status == 0, "\(shard.stderr)")
            let path = root.appendingPathComponent("sweep-\(index).json").path
            try Data(shard.stdout.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
            let views = (try Self.json(Data(shard.stdout.utf8))["shard"] as? [String: Any])?["views"] as? [String] ?? []
            #expect(!views.isEmpty, "shard \(index)/2 walked nothing")
            walked += views
        }
        #expect(walked.sorted() == Self.viewIDs.sorted(), "each view walked by exactly one shard")
        let out = root.appendingPathComponent("merged")
        let merge = try DyntypeRunner.run(["merge"] + paths + ["--out", out.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        let merged = try Self.json(Data(contentsOf: out.appendingPathComponent("switch.json")))
        // Key by key, so that a failure names what differs.
        let a = NSDictionary(dictionary: wholeJSON), b = NSDictionary(dictionary: merged)
        for key in Set(wholeJSON.keys).union(merged.keys).sorted() {
            #expect(
                NSArray(array: [a[key] ?? NSNull()]).isEqual(to: [b[key] ?? NSNull()]),
                "merged sweep's \(key) differs from the unsharded one")
        }
    }
}

// MARK: serve reloading an edited .swift file

extension SwiftUIShardServeTests {
    /// A WebSocket on `/ws` of a served page, collecting what the server pushes (text frames are
    /// unmasked from the server, so their JSON shows in the bytes read).
    final class PushListener: @unchecked Sendable {
        private let socket: Int32
        private let received = LockedData()
        private let lock = NSLock()
        private var stopped = false

        init(port: Int) throws {
            socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { throw POSIXError(.EIO) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(socket)
                throw POSIXError(.ECONNREFUSED)
            }
            var wait = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            let request = RawHTTP.get(
                "/ws", host: "127.0.0.1:\(port)", headers: RawHTTP.upgradeHeaders + ["Origin: http://127.0.0.1:\(port)"])
            _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            let thread = Thread { [self] in readUntilStopped() }
            thread.start()
        }

        private func readUntilStopped() {
            var buffer = [UInt8](repeating: 0, count: 65536)
            var all = Data()
            while !lock.withLock({ stopped }) {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count > 0 {
                    all.append(contentsOf: buffer[0..<count])
                    received.set(all)
                } else if count == 0 {
                    break
                }
            }
        }

        /// Everything read so far, as text (the 101 head, then the frames).
        var text: String { String(decoding: received.get(), as: UTF8.self) }

        /// Waits until `condition` holds for what was read, or `timeout` passes.
        func wait(_ timeout: TimeInterval, until condition: (String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if condition(text) { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return condition(text)
        }

        func stop() {
            lock.withLock { stopped = true }
            shutdown(socket, Int32(SHUT_RDWR))
            Thread.sleep(forTimeInterval: 0.3)  // the reader's recv times out within 0.2 s
            close(socket)
        }
    }

    /// `/api/views?category=<category>&scale=1` of `server`, parsed.
    static func views(_ server: ServeCommandTests.Server, category: String) throws -> [String: Any] {
        let response = try server.get("/api/views?category=\(category)&scale=1")
        #expect(response.status == 200, "GET /api/views: \(response.status)")
        return try json(response.body)
    }

    /// The finding kinds and elements of view `id` at `category` in an /api/views answer.
    static func findings(_ body: [String: Any], id: String, category: String) -> [(kind: String, element: String)] {
        let view = (body["views"] as? [[String: Any]] ?? []).first { $0["id"] as? String == id }
        let list = (view?["findings"] as? [String: Any])?[category] as? [[String: Any]] ?? []
        return list.map { ($0["kind"] as? String ?? "", $0["element"] as? String ?? "") }
    }

    /// Polls /api/views until its generation is past `generation` (the watcher polls every 0.3 s).
    static func nextGeneration(
        _ server: ServeCommandTests.Server, after generation: Int, category: String, timeout: TimeInterval = 15
    ) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        var body = try views(server, category: category)
        while (body["generation"] as? Int ?? 0) <= generation, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            body = try views(server, category: category)
        }
        return body
    }

    @Test("serve reloads an edited .swift file: generation, push, findings and image change; a broken edit keeps it serving")
    func serveReloadsSwift() throws {
        let root = try PreviewCommandTests.temporaryFolder("swiftui-serve")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("SettingsRow.swift")
        let original = try String(contentsOf: Self.fixtures.appendingPathComponent("SettingsRow.swift"), encoding: .utf8)
        try Data(original.utf8).write(to: file)
        let server = try ServeCommandTests.Server([folder.path])
        defer { if server.process.isRunning { _ = server.stop() } }
        let port = try #require(Int(server.url.split(separator: ":").last?.dropLast() ?? ""), "no port in \(server.url)")

        // Before: the row fits at large (its title truncates only from AX1).
        let before = try Self.views(server, category: "large")
        let generation = try #require(before["generation"] as? Int)
        #expect((before["views"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } == ["SettingsRow", "Settings-row"])
        #expect(!Self.findings(before, id: "SettingsRow", category: "large").contains { $0.kind == "truncated" })
        let image = try server.get("/render/SettingsRow/large.png?scale=1")
        #expect(image.status == 200 && image.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))

        let push = try PushListener(port: port)
        defer { push.stop() }
        #expect(push.wait(10) { $0.hasPrefix("HTTP/1.1 101") }, "no WebSocket upgrade: \(push.text)")

        // A much longer title: truncated at large now, at the Text's line.
        let longer = original.replacingOccurrences(
            of: #"var title = "Reminders""#, with: #"var title = "Reminders for every single day of the week, twice""#)
        #expect(longer != original)
        try Data(longer.utf8).write(to: file)
        let after = try Self.nextGeneration(server, after: generation, category: "large")
        let newGeneration = after["generation"] as? Int ?? 0
        #expect(newGeneration > generation, "no reload seen")
        #expect((after["errors"] as? [String]) == [])
        #expect(
            Self.findings(after, id: "SettingsRow", category: "large").contains {
                $0.kind == "truncated" && $0.element.contains("SettingsRow.swift:12")
            }, "\(Self.findings(after, id: "SettingsRow", category: "large"))")
        let redrawn = try server.get("/render/SettingsRow/large.png?scale=1")
        #expect(redrawn.status == 200 && redrawn.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(redrawn.body != image.body, "the image did not change")
        #expect(
            push.wait(10) { $0.contains(#""type":"changed""#) && $0.contains(#""SettingsRow""#) },
            "no change pushed naming SettingsRow: \(push.text)")

        // An edit that keeps the file's size (past its first 80 bytes): the title may wrap onto
        // 9 lines (it needs more than 3 in its share of the row), so it no longer truncates.
        let wrapping = longer.replacingOccurrences(of: "Text(title).lineLimit(1)", with: "Text(title).lineLimit(9)")
        #expect(wrapping.utf8.count == longer.utf8.count && wrapping != longer)
        try Data(wrapping.utf8).write(to: file)
        let wrapped = try Self.nextGeneration(server, after: newGeneration, category: "large")
        let wrappedGeneration = wrapped["generation"] as? Int ?? 0
        #expect(wrappedGeneration > newGeneration, "a same-size edit was not seen")
        #expect(
            !Self.findings(wrapped, id: "SettingsRow", category: "large").contains { $0.kind == "truncated" },
            "\(Self.findings(wrapped, id: "SettingsRow", category: "large"))")

        // A syntax-broken edit (an unclosed call and body): the server keeps serving.
        try Data("import SwiftUI\n\nstruct SettingsRow: View {\n    var body: some View {\n        HStack {\n            Text(\"Oops\"\n".utf8)
            .write(to: file)
        let broken = try Self.nextGeneration(server, after: wrappedGeneration, category: "large")
        let brokenGeneration = broken["generation"] as? Int ?? 0
        #expect(brokenGeneration > wrappedGeneration, "the broken edit was not seen")
        #expect(server.process.isRunning, "the server stopped on a broken Swift file")
        // …and says where the file stops parsing, on the page's error list.
        let errors = broken["errors"] as? [String] ?? []
        #expect(errors.contains { $0.contains("SettingsRow.swift: line 6: Swift syntax error (expected ')')") }, "\(errors)")
        for view in broken["views"] as? [[String: Any]] ?? [] {
            let id = view["id"] as? String ?? ""
            let png = try server.get("/render/\(id)/large.png?scale=1")
            #expect([200, 404].contains(png.status), "\(id): \(png.status)")
            #expect(view["error"] == nil, "\(id): \(view["error"] ?? "")")
        }
        #expect(try server.get("/").status == 200)

        // Fixed again: the original views and findings come back.
        try Data(original.utf8).write(to: file)
        let fixed = try Self.nextGeneration(server, after: brokenGeneration, category: "large")
        #expect((fixed["generation"] as? Int ?? 0) > brokenGeneration)
        #expect((fixed["errors"] as? [String]) == [])
        #expect((fixed["views"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } == ["SettingsRow", "Settings-row"])
        #expect(!Self.findings(fixed, id: "SettingsRow", category: "large").contains { $0.kind == "truncated" })
        #expect(try server.get("/render/SettingsRow/large.png?scale=1").body == image.body, "the first image again")
        // Ctrl-C with the page still open (its WebSocket connected) stops the server too.
        #expect(!push.text.isEmpty)
        let status = Self.interrupt(server, within: 15)
        #expect(status == 0, "Ctrl-C with a page open: \(status.map { "exit \($0)" } ?? "still running after 15 s")")
    }

    /// Sends SIGINT (Ctrl-C) to `server`; its exit status, or nil (and SIGKILL) if it is still
    /// running after `timeout`.
    static func interrupt(_ server: ServeCommandTests.Server, within timeout: TimeInterval) -> Int32? {
        kill(server.process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(timeout)
        while server.process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        guard !server.process.isRunning else {
            kill(server.process.processIdentifier, SIGKILL)
            server.process.waitUntilExit()
            return nil
        }
        return server.process.terminationStatus
    }
}
