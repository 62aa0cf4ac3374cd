import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Who may talk to `dyntype serve`, and how much a request head may be — checked on each
/// connection's raw bytes before the HTTP parser sees them.
///
/// - **Host**: a web page can make the browser send requests to `127.0.0.1` under its own domain
///   name (DNS rebinding) and read the answers; the `Host` header gives it away. Only the names of
///   the bound address are served: `127.0.0.1`, `localhost` and `[::1]` (plus `--host` when it is
///   another address; any IP literal when it is a wildcard such as `0.0.0.0`, since an IP literal
///   cannot be rebound), with the server's port or without a port. Others get 421.
/// - **Origin**: WebSocket upgrades are not covered by the browser's same-origin policy, so an
///   upgrade with an `Origin` other than `http://<served name>:<port>` gets 403 (no `Origin`, as
///   from command-line clients, is allowed).
/// - **Limits**: NIO's parser bounds header fields but not the request target, so a 100 KB target
///   used to be buffered without an answer. A request line over ``maximumRequestLineBytes`` gets
///   414, headers over ``maximumHeaderBytes`` 431, a request with a body 413 (the API is GET
///   only) — each answered at once, then the connection is closed.
/// - **Time and connections**: a connection has ``headTimeout`` in all for a request head, counted
///   from when it opened or its last answer was written, whatever it sends meanwhile (empty lines
///   trickled one a second do not extend it): 408 then, or a quiet close when nothing came at
///   all. At most ``maximumConnections`` are open at once; further ones are closed as they come
///   (issue 32: 800 silent connections used to stay open until file descriptors ran out).
package struct RequestPolicy: Sendable {
    /// The longest request line (method, target, version) answered: 8 KB.
    package static let maximumRequestLineBytes = 8 * 1024
    /// The most header bytes (after the request line) answered: 16 KB.
    package static let maximumHeaderBytes = 16 * 1024
    /// How long a connection may take, in all, to send a request head: 10 s (docs/commands.md, serve).
    package static let defaultHeadTimeout: TimeAmount = .seconds(10)
    /// The most connections open at once: 256 (docs/commands.md, serve).
    package static let defaultMaximumConnections = 256

    /// How long a connection may take to send a request head (``defaultHeadTimeout``), from when it
    /// opened or its last answer was written.
    package var headTimeout: TimeAmount = RequestPolicy.defaultHeadTimeout
    /// The most connections open at once (``defaultMaximumConnections``).
    package var maximumConnections = RequestPolicy.defaultMaximumConnections

    /// The loopback names every server answers to.
    static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

    /// Host names (lower case, IPv6 in brackets) requests may give.
    let names: Set<String>
    /// Whether any IP literal is a served name (bound to a wildcard address).
    let anyIPLiteral: Bool

    /// The policy of a server bound to `host` (as given to `--host`).
    package init(boundHost host: String) {
        let name = Self.bracketed(host.lowercased())
        names = Self.loopbackNames.union([name])
        anyIPLiteral = name == "0.0.0.0" || name == "[::]"
    }

    /// `::1` → `[::1]`; other names unchanged.
    static func bracketed(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// Whether a `Host` header value names this server listening on `port`.
    package func allowsHost(_ value: String, port: Int) -> Bool {
        guard let (name, givenPort) = Self.split(value.lowercased()) else { return false }
        guard givenPort == nil || givenPort == port else { return false }
        return names.contains(name) || (anyIPLiteral && Self.isIPLiteral(name))
    }

    /// Whether an `Origin` header value is a page served by this server on `port`.
    package func allowsOrigin(_ value: String, port: Int) -> Bool {
        let origin = value.lowercased()
        guard origin.hasPrefix("http://"), let (name, givenPort) = Self.split(String(origin.dropFirst(7))) else { return false }
        // A browser leaves out the default port: `http://localhost` is port 80.
        guard (givenPort ?? 80) == port else { return false }
        return names.contains(name) || (anyIPLiteral && Self.isIPLiteral(name))
    }

    /// `name[:port]` or `[v6][:port]` → (name, port); nil when malformed.
    static func split(_ value: String) -> (String, Int?)? {
        var name = value
        var portText: Substring?
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            name = String(value[...close])
            let rest = value[value.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = value.lastIndex(of: ":") {
            name = String(value[..<colon])
            portText = value[value.index(after: colon)...]
            if name.contains(":") { return nil }  // an IPv6 address without brackets
        }
        guard !name.isEmpty else { return nil }
        guard let portText else { return (name, nil) }
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(portText)
        else { return nil }
        return (name, port)
    }

    static func isIPLiteral(_ name: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        if name.hasPrefix("[") && name.hasSuffix("]") { return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &v6) == 1 }
        return inet_pton(AF_INET, name, &v4) == 1
    }

    /// What to do with one complete request head.
    enum Verdict: Equatable {
        /// Pass it on; `upgrade` when it asks for a protocol upgrade (the bytes after it are
        /// WebSocket frames if the upgrade is accepted).
        case pass(upgrade: Bool)
        /// Answer `status` with `message` and close.
        case refuse(status: Int, message: String)
    }

    /// Checks a complete request head (request line and header lines, without the final empty
    /// line) from a connection to `port`.
    func verdict(head: [UInt8], port: Int) -> Verdict {
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), !parts[0].isEmpty else {
            return .refuse(status: 400, message: "malformed request line; send METHOD /path HTTP/1.1")
        }
        guard parts[1].hasPrefix("/") else {
            return .refuse(status: 400, message: "the request target must be a path starting with /")
        }
        var hosts: [String] = []
        var origin: String?
        var upgrade = false
        for line in lines {
            guard let first = line.first, first != " ", first != "\t" else {
                return .refuse(status: 400, message: "folded or empty header line; send one header per line")
            }
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else {
                return .refuse(status: 400, message: "malformed header line; send Name: value")
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            switch name {
            case "host": hosts.append(value)
            case "origin": origin = value
            case "upgrade": upgrade = true
            case "content-length" where value != "0", "transfer-encoding":
                return .refuse(status: 413, message: "this server takes no request bodies (its API is GET only)")
            default: break
            }
        }
        guard hosts.count == 1, let host = hosts.first else {
            return .refuse(status: 400, message: "give exactly one Host header")
        }
        guard allowsHost(host, port: port) else {
            return .refuse(
                status: 421,
                message: "this server answers only to \(names.sorted().map { "\($0):\(port)" }.joined(separator: ", ")), not to Host '\(host)'; open one of those addresses")
        }
        if upgrade, let origin, !allowsOrigin(origin, port: port) {
            return .refuse(status: 403, message: "WebSocket upgrades are accepted only from pages of this server, not from Origin '\(origin)'")
        }
        return .pass(upgrade: upgrade)
    }
}

/// The first handler of every connection (see ``RequestPolicy``): holds each request head until
/// it is complete and checked, passes it on, and answers a refused one itself. After an upgrade
/// request it steps aside (what follows are WebSocket frames).
final class RequestGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        case head
        case passthrough
        case refused
    }

    private let policy: RequestPolicy
    private var state = State.head
    /// The bytes of the current head, not yet passed on.
    private var pending: [UInt8] = []
    /// Bytes of `pending` already scanned for line ends.
    private var scanned = 0
    /// The offset of the request line's `\n`, once seen.
    private var lineEnd: Int?
    private var timeout: Scheduled<Void>?
    /// Whether bytes (even empty lines) came since the head timer was armed: an expired head then
    /// gets a 408, a connection that sent nothing is closed quietly.
    private var heardSinceArmed = false
    private var port = 0
    /// Requests passed on, and responses to them written (``ResponseTracker``): a refusal of a
    /// pipelined request waits for the answers to the requests before it, so that a client sees
    /// every answer in order before the connection closes.
    private var forwarded = 0
    private var answered = 0
    /// A refusal waiting for earlier answers.
    private var deferredRefusal: (status: Int, message: String)?

    init(policy: RequestPolicy) { self.policy = policy }

    func handlerAdded(context: ChannelHandlerContext) {
        port = context.channel.localAddress?.port ?? 0
        // From the start: a connection that never sends a byte must not stay open.
        armTimeout(context: context)
    }

    /// Starts the head timer unless it runs: ``RequestPolicy/headTimeout`` for the whole head.
    private func armTimeout(context: ChannelHandlerContext) {
        guard timeout == nil, state == .head else { return }
        heardSinceArmed = !pending.isEmpty
        let limit = policy.headTimeout
        timeout = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { [weak self] in
            guard let self else { return }
            self.timeout = nil
            if self.heardSinceArmed || !self.pending.isEmpty {
                self.refuse(context: context, status: 408, message: "the request head did not arrive within \(Self.seconds(limit))")
            } else if self.answered >= self.forwarded {
                // Idle with nothing sent (no request, or none after the last answer): closed without a word.
                self.state = .refused
                context.close(promise: nil)
            }
        }
    }

    /// `10 s`, `0.5 s`.
    static func seconds(_ amount: TimeAmount) -> String {
        let value = Double(amount.nanoseconds) / 1e9
        return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timeout?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .passthrough:
            context.fireChannelRead(data)
        case .refused:
            break  // drained until the connection closes
        case .head:
            var buffer = unwrapInboundIn(data)
            if let bytes = buffer.readBytes(length: buffer.readableBytes) { pending += bytes }
            heardSinceArmed = true
            process(context: context)
        }
    }

    /// Scans what arrived; passes on every complete, accepted head (with what follows it once the
    /// connection is upgraded), refuses at the first problem.
    private func process(context: ChannelHandlerContext) {
        while state == .head {
            if lineEnd == nil, scanned == 0 {
                // Empty lines before a request are allowed (RFC 9112, 2.2).
                let blank = pending.prefix { $0 == 0x0D || $0 == 0x0A }.count
                if blank > 0 { pending.removeFirst(blank) }
            }
            if pending.isEmpty { return }
            // A pipelined head behind a request still being answered: its own timer from here.
            armTimeout(context: context)
            var headEnd: Int?
            while scanned < pending.count {
                let index = scanned
                scanned += 1
                guard pending[index] == 0x0A else { continue }
                guard index > 0, pending[index - 1] == 0x0D else {
                    return refuse(context: context, status: 400, message: "lines must end in CRLF")
                }
                if lineEnd == nil {
                    lineEnd = index
                } else if index >= 3, pending[index - 2] == 0x0A {
                    headEnd = index
                    break
                }
            }
            let lineLength = lineEnd ?? pending.count
            if lineLength > RequestPolicy.maximumRequestLineBytes {
                return refuse(
                    context: context, status: 414,
                    message: "the request line is over \(RequestPolicy.maximumRequestLineBytes) bytes; use a shorter URL")
            }
            let headerBytes = (headEnd ?? pending.count) - (lineEnd ?? pending.count)
            if headerBytes > RequestPolicy.maximumHeaderBytes {
                return refuse(
                    context: context, status: 431,
                    message: "the request headers are over \(RequestPolicy.maximumHeaderBytes) bytes; send fewer or shorter headers")
            }
            guard let headEnd else { return }
            // Without the final CRLF CRLF.
            let head = Array(pending[0..<(headEnd - 3)])
            switch policy.verdict(head: head, port: port) {
            case .refuse(let status, let message):
                return refuse(context: context, status: status, message: message)
            case .pass(let upgrade):
                timeout?.cancel()
                timeout = nil
                let count = upgrade ? pending.count : headEnd + 1
                forwarded += 1
                forward(context: context, Array(pending[0..<count]))
                pending.removeFirst(count)
                scanned = 0
                lineEnd = nil
                if upgrade {
                    state = .passthrough
                    context.pipeline.syncOperations.removeHandler(self, promise: nil)
                }
            }
        }
    }

    private func forward(context: ChannelHandlerContext, _ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        context.fireChannelRead(wrapInboundOut(context.channel.allocator.buffer(bytes: bytes)))
    }

    /// Answers `status` with `message` as plain text, then closes: the output at once (the client
    /// sees the answer and the end of the stream), everything once the client has closed or after
    /// a grace period — closing with unread input would reset the connection and lose the answer.
    private func refuse(context: ChannelHandlerContext, status: Int, message: String) {
        guard state == .head else { return }
        state = .refused
        timeout?.cancel()
        timeout = nil
        pending = []
        if answered < forwarded {
            deferredRefusal = (status, message)
            return
        }
        send(context: context, status: status, message: message)
    }

    /// Called by ``ResponseTracker`` once a response has been written in full.
    func responseWritten(context: ChannelHandlerContext) {
        answered += 1
        if answered >= forwarded, let refusal = deferredRefusal {
            deferredRefusal = nil
            send(context: context, status: refusal.status, message: refusal.message)
        } else if answered >= forwarded {
            // Idle again: the next head has the whole timeout, from now.
            armTimeout(context: context)
        }
    }

    private func send(context: ChannelHandlerContext, status: Int, message: String) {
        let body = message + "\n"
        let head =
            "HTTP/1.1 \(status) \(Self.reason(status))\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: \(body.utf8.count)\r\nconnection: close\r\ncache-control: no-store\r\n\r\n"
        let buffer = context.channel.allocator.buffer(string: head + body)
        context.writeAndFlush(wrapOutboundOut(buffer)).assumeIsolated().whenComplete { _ in
            context.close(mode: .output, promise: nil)
            context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(2)) { context.close(promise: nil) }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if state == .refused, let event = event as? ChannelEvent, event == .inputClosed {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 421: "Misdirected Request"
        case 431: "Request Header Fields Too Large"
        default: "Error"
        }
    }
}

/// Sits after the HTTP codec and tells the connection's ``RequestGuard`` when a response has been
/// written in full (its end part has gone down the pipeline), so that a refusal is never written
/// before the answers to the requests ahead of it.
final class ResponseTracker: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let isEnd: Bool
        if case .end = unwrapOutboundIn(data) { isEnd = true } else { isEnd = false }
        context.write(data, promise: promise)
        guard isEnd,
            let requestGuard = try? context.pipeline.syncOperations.handler(type: RequestGuard.self),
            let guardContext = try? context.pipeline.syncOperations.context(handlerType: RequestGuard.self)
        else { return }
        requestGuard.responseWritten(context: guardContext)
    }
}

/// How many connections are open, against ``RequestPolicy/maximumConnections``.
final class ConnectionCount: @unchecked Sendable {
    private let lock = NSLock()
    private var open = 0
    let maximum: Int

    init(maximum: Int) { self.maximum = maximum }

    /// Counts a new connection; false (not counted) when ``maximum`` are open already.
    func enter() -> Bool {
        lock.withLock {
            guard open < maximum else { return false }
            open += 1
            return true
        }
    }

    /// A counted connection closed.
    func leave() { lock.withLock { open -= 1 } }

    /// Connections open now.
    var current: Int { lock.withLock { open } }
}

/// Why a connection was closed as it came.
struct TooManyConnections: Error, CustomStringConvertible {
    let maximum: Int
    var description: String { "\(maximum) connections are open already (the most dyntype serve keeps); this one was closed" }
}

/// A server child channel with a ``RequestGuard`` in front of `inner`'s handlers, counted against
/// the connection limit: one over it is closed at once, before any handler is set up.
struct GuardedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    let policy: RequestPolicy
    let connections: ConnectionCount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let inner = self.inner, policy = self.policy, connections = self.connections
        guard connections.enter() else {
            channel.close(promise: nil)
            return channel.eventLoop.makeFailedFuture(TooManyConnections(maximum: connections.maximum))
        }
        channel.closeFuture.whenComplete { _ in connections.leave() }
        let build: @Sendable () -> EventLoopFuture<Value> = {
            do {
                try channel.pipeline.syncOperations.addHandler(RequestGuard(policy: policy), position: .first)
            } catch {
                return channel.eventLoop.makeFailedFuture(error)
            }
            return inner.setup(channel: channel, logger: logger)
        }
        return channel.eventLoop.inEventLoop ? build() : channel.eventLoop.flatSubmit(build)
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
