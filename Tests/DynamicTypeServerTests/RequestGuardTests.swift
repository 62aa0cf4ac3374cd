import DynamicTypeAudit
import FontSystem
import Foundation
import Hummingbird
import Testing

@testable import DynamicTypeServer

/// `dyntype serve`'s front door: which Host and Origin values are this server's, how request
/// heads are judged, and a render timeout that answers at the timeout rather than when the
/// render ends.
@Suite("Live preview server: request guard and render timeout", .serialized)
struct RequestGuardTests {
    @Test("Host: the loopback names with the server's port or none; nothing else, however it is spelled")
    func hosts() {
        let policy = RequestPolicy(boundHost: "127.0.0.1")
        for good in ["127.0.0.1", "127.0.0.1:8080", "localhost", "LocalHost:8080", "[::1]", "[::1]:8080"] {
            #expect(policy.allowsHost(good, port: 8080), "\(good)")
        }
        for bad in [
            "", "evil.example", "evil.example:8080", "127.0.0.1:8081", "localhost:", "localhost:80x", "127.0.0.1.nip.io",
            "::1", "[::1", "[::1]x", "localhost:8080:8080", "127.0.0.2", "0.0.0.0", "localhost.:8080",
        ] {
            #expect(!policy.allowsHost(bad, port: 8080), "\(bad)")
        }
        // Bound to a wildcard, any IP literal is fine (it cannot be rebound), names still are not.
        let wildcard = RequestPolicy(boundHost: "0.0.0.0")
        #expect(wildcard.allowsHost("192.168.1.20:8080", port: 8080))
        #expect(wildcard.allowsHost("[fe80::1]:8080", port: 8080))
        #expect(!wildcard.allowsHost("evil.example:8080", port: 8080))
        let named = RequestPolicy(boundHost: "::1")
        #expect(named.allowsHost("[::1]:8080", port: 8080))
    }

    @Test("Origin: http://<served name>:<port> only (a default port may be left out when it is 80)")
    func origins() {
        let policy = RequestPolicy(boundHost: "127.0.0.1")
        #expect(policy.allowsOrigin("http://127.0.0.1:8080", port: 8080))
        #expect(policy.allowsOrigin("http://localhost:8080", port: 8080))
        #expect(policy.allowsOrigin("http://localhost", port: 80))
        for bad in [
            "http://evil.example", "http://evil.example:8080", "https://localhost:8080", "http://localhost:8081", "null",
            "http://localhost", "http://localhost:8080/", "file://", "http://127.0.0.1.evil.example:8080",
        ] {
            #expect(!policy.allowsOrigin(bad, port: 8080), "\(bad)")
        }
    }

    static func head(_ lines: String...) -> [UInt8] { Array(lines.joined(separator: "\r\n").utf8) }

    @Test("request heads: one Host naming this server, a path target, no body; an upgrade needs a same-origin Origin or none")
    func verdicts() {
        let policy = RequestPolicy(boundHost: "127.0.0.1")
        #expect(policy.verdict(head: Self.head("GET / HTTP/1.1", "Host: 127.0.0.1:8080"), port: 8080) == .pass(upgrade: false))
        #expect(
            policy.verdict(head: Self.head("GET /ws HTTP/1.1", "Host: localhost:8080", "Upgrade: websocket"), port: 8080)
                == .pass(upgrade: true))
        let refusals: [([UInt8], Int)] = [
            (Self.head("GET / HTTP/1.1", "Host: evil.example"), 421),
            (Self.head("GET / HTTP/1.1"), 400),
            (Self.head("GET / HTTP/1.1", "Host: 127.0.0.1", "Host: evil"), 400),
            (Self.head("GET http://evil/ HTTP/1.1", "Host: 127.0.0.1"), 400),
            (Self.head("GET / HTTP/1.1", "Host: 127.0.0.1", " folded"), 400),
            (Self.head("GET / HTTP/1.1", "Host : 127.0.0.1"), 400),
            (Self.head("GET / SPDY/3", "Host: 127.0.0.1"), 400),
            (Self.head("POST / HTTP/1.1", "Host: 127.0.0.1", "Content-Length: 4"), 413),
            (Self.head("POST / HTTP/1.1", "Host: 127.0.0.1", "Transfer-Encoding: chunked"), 413),
            (Self.head("GET /ws HTTP/1.1", "Host: 127.0.0.1:8080", "Upgrade: websocket", "Origin: http://evil.example"), 403),
        ]
        for (head, status) in refusals {
            guard case .refuse(let got, let message) = policy.verdict(head: head, port: 8080) else {
                Issue.record("passed: \(String(decoding: head, as: UTF8.self))")
                continue
            }
            #expect(got == status, "\(String(decoding: head, as: UTF8.self)): \(message)")
            #expect(!message.isEmpty)
        }
    }

    /// A server over one note folder, running in this process on a free port.
    final class Running {
        let folder: URL
        let server: LivePreviewServer
        let task: Task<Void, any Error>
        let port: Int

        init(configure: (inout LivePreviewServer) -> Void) async throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-guard-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("Groceries\nMilk".utf8).write(to: folder.appendingPathComponent("a.txt"))
            let catalog = try LivePreviewCatalog.reading([folder.path])
            var server = LivePreviewServer(catalog: catalog, settings: AuditSettings(), scale: 1, resolver: try FontResolver.shared())
            configure(&server)
            self.server = server
            let (ports, continuation) = AsyncStream<Int>.makeStream()
            let app = server.application(host: "127.0.0.1", port: 0) { port in continuation.yield(port) }
            task = Task { try await app.runService(gracefulShutdownSignals: []) }
            var iterator = ports.makeAsyncIterator()
            port = await iterator.next() ?? 0
        }

        func stop() {
            task.cancel()
            try? FileManager.default.removeItem(at: folder)
        }

        /// GET `path` with curl (on a thread of its own: waiting for curl must not hold one of the
        /// few threads the server in this process runs on): status, body and seconds taken.
        func get(_ path: String) async throws -> (status: Int, body: String, seconds: Double) {
            let port = self.port
            return try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(with: Result { try Self.curl(port: port, path) })
                }
            }
        }

        static func curl(port: Int, _ path: String) throws -> (status: Int, body: String, seconds: Double) {
            let started = Date()
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-guard-body-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            process.arguments = ["-s", "-m", "20", "-o", file.path, "-w", "%{http_code}", "http://127.0.0.1:\(port)\(path)"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let body = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return (Int(status) ?? 0, body, Date().timeIntervalSince(started))
        }
    }

    @Test("a render slower than the timeout is answered 503 at the timeout, naming it; it finishes in the background and is cached")
    func renderTimeout() async throws {
        let gate = DispatchSemaphore(value: 0)
        let running = try await Running { server in
            server.renderTimeout = .milliseconds(300)
            // The render waits until the test lets it go: as slow as needed, with no sleep.
            server.beforeRender = { gate.wait() }
        }
        defer { running.stop() }
        let slow = try await running.get("/render/a/large.png")
        #expect(slow.status == 503, "\(slow.body)")
        #expect(slow.body.contains("took longer than 0.3 s (the render timeout)"), "\(slow.body)")
        // A second request while it runs joins the same render rather than starting another.
        let again = try await running.get("/render/a/large.png")
        #expect(again.status == 503)
        #expect(running.server.inFlight.count == 1)
        gate.signal()
        var finished = false
        for _ in 0..<100 where !finished {
            try await Task.sleep(for: .milliseconds(100))
            finished = running.server.inFlight.count == 0
        }
        #expect(finished, "the render went on after the 503")
        let cached = try await running.get("/render/a/large.png")
        #expect(cached.status == 200, "\(cached.body)")
    }

    @Test("the documented timeout is the one the server uses: 30 s in the code, the message and the README")
    func documentedTimeout() throws {
        #expect(LivePreviewServer.defaultRenderTimeout == .seconds(30))
        #expect(LivePreviewServer.seconds(LivePreviewServer.defaultRenderTimeout) == "30 s")
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains("render timeout of 30 s"), "README's serve section names the timeout")
    }
}
