import Foundation

/// A bare TCP client for what URLSession and curl will not send: an over-long request line, a
/// forged `Host`, a WebSocket upgrade from another `Origin`.
enum RawHTTP {
    struct Exchange {
        /// Everything read, as text.
        var response: String
        /// Whether the server closed the connection (end of stream) within the time allowed.
        var closed: Bool
        /// Seconds from connecting to the last byte read.
        var seconds: Double

        /// The status code of the first response, 0 when none arrived.
        var status: Int {
            let parts = response.split(separator: " ", maxSplits: 2)
            return parts.count >= 2 && parts[0].hasPrefix("HTTP/1.") ? Int(parts[1]) ?? 0 : 0
        }
    }

    /// Connects to 127.0.0.1:`port`, sends `request`, and reads until the server closes, until
    /// `stopAtHead` is true and a response head has arrived, or until `timeout`.
    static func exchange(port: Int, _ request: [UInt8], timeout: TimeInterval = 10, stopAtHead: Bool = false) throws -> Exchange {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let started = Date()
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.init(rawValue: errno) ?? .ECONNREFUSED) }
        var wait = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var closed = false
        // Sending and reading alternate: a server that answers early (414) must be heard even if
        // it stops reading what is left of the request.
        while Date().timeIntervalSince(started) < timeout {
            if sent < request.count {
                let count = request.withUnsafeBytes { send(socket, $0.baseAddress! + sent, min(16384, request.count - sent), Int32(MSG_NOSIGNAL)) }
                if count > 0 { sent += count } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { sent = request.count }
                if sent < request.count {
                    // Read what may already be there without waiting.
                    let ready = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                    if ready > 0 { received += buffer[0..<ready] } else if ready == 0 { closed = true; break }
                    continue
                }
            }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
                if stopAtHead, String(decoding: received, as: UTF8.self).contains("\r\n\r\n") { break }
            } else if count == 0 {
                closed = true
                break
            } else if errno == ECONNRESET {
                closed = true
                break
            }
        }
        return Exchange(response: String(decoding: received, as: UTF8.self), closed: closed, seconds: Date().timeIntervalSince(started))
    }

    /// `GET <target> HTTP/1.1` with `Host: <host>` and `headers`, as bytes.
    static func get(_ target: String, host: String, headers: [String] = []) -> [UInt8] {
        Array((["GET \(target) HTTP/1.1", "Host: \(host)"] + headers + ["", ""]).joined(separator: "\r\n").utf8)
    }

    /// The headers of a WebSocket upgrade.
    static let upgradeHeaders = [
        "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
    ]
}
