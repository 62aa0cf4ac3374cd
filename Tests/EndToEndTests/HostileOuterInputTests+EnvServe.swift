import Foundation
import Testing

/// `env --lock` and `--check` with hostile lock and rules files; `serve` with foreign hosts, origins and oversized requests.
extension HostileOuterInputTests {
    @Test("env --lock --rules and --check with a device or a FIFO stop at once with 66 and the reason")
    func envSpecialFiles() throws {
        let space = try Workspace("env-special")
        let fifo = space.path("rules.fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        try Self.confined(space.root, outputs: []) {
            for (arguments, what) in [
                (["env", "--lock", "--rules", "/dev/zero"], "'/dev/zero' is not a regular file (a character device)"),
                (["env", "--lock", "--rules", fifo], "'\(fifo)' is not a regular file (a FIFO)"),
                (["env", "--check", "/dev/zero"], "lock file: '/dev/zero' is not a regular file (a character device)"),
                (["env", "--check", fifo], "lock file: '\(fifo)' is not a regular file (a FIFO)"),
            ] {
                let run = try DyntypeRunner.run(arguments, timeout: 60)
                #expect(run.status == 66, "\(arguments): \(run.stderr)")
                #expect(run.stderr.contains(what), "\(run.stderr)")
            }
        }
    }

    @Test("a 1 GB lock or rules file is refused by its size before reading (65, naming the limit); schemaVersion 99 is refused (65)")
    func envLargeAndUnknownVersion() throws {
        let space = try Workspace("env-large")
        let big = space.path("big.json")
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 1 << 30) == 0)  // sparse: no gigabyte written
        let lock = space.root.appendingPathComponent("future.lock")
        try Data(#"{"schemaVersion": 99, "environment": {}}"#.utf8).write(to: lock)
        try Self.confined(space.root, outputs: []) {
            for arguments in [["env", "--check", big], ["env", "--lock", "--rules", big]] {
                let run = try DyntypeRunner.run(arguments, timeout: 60)
                #expect(run.status == 65, "\(arguments): \(run.stderr)")
                #expect(run.stderr.contains("'\(big)' is 1 GB (1073741824 bytes), over the input size limit of 64 MB (67108864 bytes)"), "\(run.stderr)")
                #expect(run.stderr.contains("--max-input-size"))
            }
            let future = try DyntypeRunner.run(["env", "--check", lock.path])
            #expect(future.status == 65, "\(future.stderr)")
            #expect(
                future.stderr.contains("'\(lock.path)': field schemaVersion: version 99 is not supported; this dyntype reads lock files of schemaVersion 1"),
                "\(future.stderr)")
        }
    }

    // MARK: serve

    /// The port of a started server.
    static func port(_ server: ServeCommandTests.Server) throws -> Int {
        try #require(Int(server.url.split(separator: ":").last?.dropLast() ?? ""))
    }

    @Test("serve: a foreign Host gets 421, a foreign Origin's WebSocket upgrade 403, a 100 KB request line 414 at once, and the connection closes")
    func serveRefusesForeignAndOversized() throws {
        let space = try Workspace("serve-hostile")
        try space.note("a.txt", "Hello\nA short note.\n")
        try Self.confined(space.root, outputs: []) {
            let server = try ServeCommandTests.Server([space.notes.path])
            defer { _ = server.stop() }
            let port = try Self.port(server)
            for host in ["evil.example", "evil.example:\(port)", "127.0.0.1:\(port + 1)", "127.0.0.1.nip.io:\(port)", ""] {
                let foreign = try RawHTTP.exchange(port: port, RawHTTP.get("/api/views", host: host))
                #expect(foreign.status == 421, "\(host): \(foreign.response)")
                #expect(foreign.response.contains("this server answers only to 127.0.0.1:\(port), [::1]:\(port), localhost:\(port)"), "\(foreign.response)")
                #expect(!foreign.response.contains("\"views\""), "no data for another host")
                #expect(foreign.closed)
            }
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "[::1]:\(port)"] {
                let own = try RawHTTP.exchange(port: port, RawHTTP.get("/api/views?category=large", host: host, headers: ["Connection: close"]))
                #expect(own.status == 200, "\(host): \(own.response.prefix(200))")
            }

            let foreignOrigin = try RawHTTP.exchange(
                port: port, RawHTTP.get("/ws", host: "127.0.0.1:\(port)", headers: RawHTTP.upgradeHeaders + ["Origin: http://evil.example"]))
            #expect(foreignOrigin.status == 403, "\(foreignOrigin.response)")
            #expect(foreignOrigin.response.contains("not from Origin 'http://evil.example'"))
            #expect(foreignOrigin.closed)
            for origin in ["Origin: http://127.0.0.1:\(port)", "Origin: http://localhost:\(port)", nil] {
                let own = try RawHTTP.exchange(
                    port: port, RawHTTP.get("/ws", host: "127.0.0.1:\(port)", headers: RawHTTP.upgradeHeaders + [origin].compactMap { $0 }),
                    timeout: 5, stopAtHead: true)
                #expect(own.status == 101, "\(origin ?? "no Origin"): \(own.response)")
            }

            let long = try RawHTTP.exchange(port: port, RawHTTP.get("/" + String(repeating: "a", count: 100_000), host: "127.0.0.1:\(port)"))
            #expect(long.status == 414, "\(long.response)")
            #expect(long.response.contains("the request line is over 8192 bytes"))
            #expect(long.closed, "the connection is closed")
            let headers = try RawHTTP.exchange(
                port: port, RawHTTP.get("/", host: "127.0.0.1:\(port)", headers: (0..<40).map { "X-Filler-\($0): " + String(repeating: "b", count: 500) }))
            #expect(headers.status == 431, "\(headers.response)")
            #expect(headers.closed)

            // Pipelined behind a good request, a refused one is answered after it, in order.
            let pipelined = try RawHTTP.exchange(
                port: port, RawHTTP.get("/api/views?category=large", host: "127.0.0.1:\(port)") + RawHTTP.get("/", host: "evil.example"))
            #expect(pipelined.status == 200, "\(pipelined.response.prefix(200))")
            #expect(pipelined.response.contains("\"views\""))
            #expect(pipelined.response.contains("HTTP/1.1 421 Misdirected Request"), "\(pipelined.response.suffix(300))")
            #expect(pipelined.closed)

            // The server is still there.
            let after = try server.get("/api/views?category=large")
            #expect(after.status == 200)
        }
    }

    @Test("serve: a screen the renderer throws on shows its error in /api/views; the server goes on serving the others")
    func serveSurvivesABadScreen() throws {
        let space = try Workspace("serve-bad-screen")
        try space.note("a.txt", "Hello\nA short note.\n")
        let screen = space.notes.appendingPathComponent("broken.screen.json")
        try Data(#"{"schemaVersion": 1, "name": "Broken", "views": [{"kind": "label", "id": "a", "text": "{image:missing.png 30x30} Hi"}]}"#.utf8)
            .write(to: screen)
        try Self.confined(space.root, outputs: []) {
            let server = try ServeCommandTests.Server([space.notes.path])
            defer { _ = server.stop() }
            let views = try server.get("/api/views?category=large")
            #expect(views.status == 200)
            let body = try #require(try JSONSerialization.jsonObject(with: views.body) as? [String: Any])
            let list = (body["views"] as? [[String: Any]]) ?? []
            let broken = try #require(list.first { $0["id"] as? String == "broken" })
            #expect((broken["error"] as? String)?.contains("missing.png") == true, "\(broken)")
            #expect(list.first { $0["id"] as? String == "a" }?["error"] == nil)
            let png = try server.get("/render/broken/large.png")
            #expect((400..<500).contains(png.status), "\(png.status)")
            #expect(try server.get("/render/a/large.png").status == 200)
            let page = try server.get("/")
            #expect(String(decoding: page.body, as: UTF8.self).contains("view.error"), "the page shows a view's error")
        }
    }
}
