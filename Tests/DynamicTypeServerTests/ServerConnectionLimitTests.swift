import Foundation
import Testing

@testable import DynamicTypeServer

/// Issue 32: a connection gets a fixed time in all for its request head — silent ones are closed,
/// ones trickling empty lines get 408 — and connections over the limit are closed as they come.
/// Raw sockets, with the timeout and the limit made small for the test.
@Suite("Live preview server: head timeout and connection limit", .serialized)
struct ServerConnectionLimitTests {
    /// A blocking TCP socket to 127.0.0.1:`port`, reads giving up after 5 s (a guard against a
    /// test that would otherwise hang; no assertion is about time).
    final class Socket {
        let fd: Int32

        init(port: Int) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard fd >= 0, connected == 0 else { throw POSIXError(.ECONNREFUSED) }
            var wait = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(fd) }

        /// Sends `text`; false once the server has closed (MSG_NOSIGNAL: no SIGPIPE).
        @discardableResult
        func send(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return Foundation.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
        }

        /// What arrives until the server closes the connection (nil: no close within the read timeout).
        func readToEnd() -> String? {
            var data = [UInt8]()
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(fd, &chunk, chunk.count, 0)
                if count == 0 { return String(decoding: data, as: UTF8.self) }
                if count < 0 { return errno == ECONNRESET ? String(decoding: data, as: UTF8.self) : nil }
                data += chunk[0..<count]
            }
        }

        /// Whether the connection is still open with nothing to read (the server has not closed it).
        var isOpenAndQuiet: Bool {
            var byte: UInt8 = 0
            let count = recv(fd, &byte, 1, Int32(MSG_DONTWAIT))
            return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
        }
    }

    /// Runs `work` on a thread of its own: blocking reads must not hold the few threads the server
    /// in this process runs on.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    @Test("a silent connection is closed and one trickling empty lines gets 408 at the head timeout")
    func headTimeout() async throws {
        let running = try await RequestGuardTests.Running { server in server.headTimeout = .milliseconds(500) }
        defer { running.stop() }
        let port = running.port
        let (silent, trickled) = try await Self.onThread { () -> (String?, String?) in
            let silent = try Socket(port: port)
            let trickler = try Socket(port: port)
            // One empty line every 100 ms, far more often than the timeout, until the server closes.
            var answer = ""
            for _ in 0..<100 {
                guard trickler.send("\r\n") else { break }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = recv(trickler.fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                if count == 0 { break }
                if count > 0 { answer += String(decoding: chunk[0..<count], as: UTF8.self) }
                usleep(100_000)
            }
            return (silent.readToEnd(), answer + (trickler.readToEnd() ?? ""))
        }
        #expect(silent == "", "closed without an answer")
        let answer = try #require(trickled)
        #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout"), "\(answer)")
        #expect(answer.contains("the request head did not arrive within 0.5 s"))
    }

    @Test("connections over the limit are closed at once; a freed place serves again")
    func connectionLimit() async throws {
        let running = try await RequestGuardTests.Running { server in server.maximumConnections = 3 }
        defer { running.stop() }
        let port = running.port
        let outcome = try await Self.onThread { () -> (extra: String?, keptOpen: Bool, served: String) in
            var held = try (0..<3).map { _ in try Socket(port: port) }
            usleep(200_000)  // the server accepts asynchronously
            let extra = try Socket(port: port)
            let closed = extra.readToEnd()
            let keptOpen = held.allSatisfy(\.isOpenAndQuiet)
            held.removeFirst()  // frees one place
            var served = ""
            for _ in 0..<50 where !served.hasPrefix("HTTP/1.1 200") {
                usleep(100_000)
                let socket = try Socket(port: port)
                socket.send("GET /api/views HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
                served = socket.readToEnd() ?? ""
            }
            return (closed, keptOpen, served)
        }
        #expect(outcome.extra == "", "the fourth connection is closed without an answer")
        #expect(outcome.keptOpen, "the first three stay open")
        #expect(outcome.served.hasPrefix("HTTP/1.1 200"), "\(outcome.served.prefix(200))")
    }

    @Test("the documented numbers are the code's")
    func documented() throws {
        #expect(RequestPolicy.defaultHeadTimeout == .seconds(10))
        #expect(RequestPolicy.defaultMaximumConnections == 256)
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/commands.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        #expect(text.contains("10 s in all"))
        #expect(text.contains("256 connections"))
    }
}
