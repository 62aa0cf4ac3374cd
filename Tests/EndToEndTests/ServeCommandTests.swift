import Foundation
import Testing

/// `dyntype serve` run as a user would: the server started on a free port, its page driven in
/// headless Chromium, the API asked with bad input.
@Suite("dyntype serve (end to end)", .serialized)
struct ServeCommandTests {
    /// A started `dyntype serve`, stopped with SIGINT (as Ctrl-C) when done.
    final class Server {
        let process = Process()
        let output = Pipe()
        var url = ""

        init(_ arguments: [String]) throws {
            process.executableURL = DyntypeRunner.binary
            process.arguments = ["serve", "--port", "0"] + arguments
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first line of output names the URL.
            var text = ""
            let deadline = Date().addingTimeInterval(60)
            // read(2) with EINTR retried: `availableData` traps when a signal interrupts it.
            var byte: UInt8 = 0
            while Date() < deadline, !text.contains("\n") {
                let count = read(output.fileHandleForReading.fileDescriptor, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { break }
                text += String(decoding: [byte], as: UTF8.self)
            }
            guard let range = text.range(of: #"http://[^ ]+/"#, options: .regularExpression) else {
                process.terminate()
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no URL in: \(text)"])
            }
            url = String(text[range])
        }

        func get(_ path: String) throws -> (status: Int, body: Data) {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-serve-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try DyntypeRunner.shell("curl -s --path-as-is -o '\(file.path)' -w '%{http_code}' '\(url.dropLast())\(path)'")
            return (Int(result.stdout) ?? 0, (try? Data(contentsOf: file)) ?? Data())
        }

        /// Stops the server as Ctrl-C does; returns its exit status.
        func stop() -> Int32 {
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @Test("a headless browser moves the slider, sees images and findings change, edits a note and sees its tile update")
    func browser() throws {
        let folder = try PreviewCommandTests.temporaryFolder("serve-notes")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in [
            ("groceries.txt", "Groceries\nMilk, eggs and bread."),
            ("long-title.txt", "A title that is long enough to be truncated in the list at accessibility sizes\nBody."),
        ] {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        let server = try Server([folder.path])
        defer { _ = server.stop() }
        let screenshot = folder.appendingPathComponent("serve.png")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/serve_page_test.py")
        let run = try DyntypeRunner.shell(
            "/usr/bin/python3 '\(script.path)' '\(server.url)' '\(folder.appendingPathComponent("groceries.txt").path)' '\(screenshot.path)'",
            timeout: 180)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let measured = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((measured["tiles"] as? [String]) == ["list", "groceries", "long-title"])
        #expect(FileManager.default.fileExists(atPath: screenshot.path))
        if let copy = ProcessInfo.processInfo.environment["DYNTYPE_SERVE_SCREENSHOT"], !copy.isEmpty {
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(at: screenshot, to: URL(fileURLWithPath: copy))
        }
        print("serve browser figures: \(run.stdout)")
    }

    @Test("the API: views and renders, 4xx for unknown ids, categories, parameters and path tricks, no file contents")
    func api() throws {
        let server = try Server([])
        defer { _ = server.stop() }
        let views = try server.get("/api/views?category=large")
        #expect(views.status == 200)
        let body = try #require(try JSONSerialization.jsonObject(with: views.body) as? [String: Any])
        #expect(((body["views"] as? [[String: Any]]) ?? []).count == 6)
        let png = try server.get("/render/list/accessibility3.png?device=iphone-se&boldText=true&scale=1")
        #expect(png.status == 200)
        #expect(png.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        for path in [
            "/render/nope/large.png", "/render/list/huge.png", "/render/list/large.png?device=nokia", "/render/list/large.png?x=1",
            "/render/../../etc/passwd", "/render/%2e%2e%2f%2e%2e%2fetc%2fpasswd/large.png", "/../../../etc/passwd",
            "/render/list/..%2F..%2F..%2Fetc%2Fpasswd", "/api/views?profile=/etc/passwd", "/api/views?category=AX9",
        ] {
            let response = try server.get(path)
            #expect((400..<500).contains(response.status), "\(path): \(response.status)")
            #expect(!String(decoding: response.body, as: UTF8.self).contains("root:"), "\(path)")
        }
        #expect(server.stop() == 0, "Ctrl-C stops it cleanly")
    }
}
