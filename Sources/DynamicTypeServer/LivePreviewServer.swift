import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import Rendering
import ServiceLifecycle

/// `dyntype serve`: a page with a text-size slider over every note and screen, a JSON API and
/// PNG renders, pushing changes to open pages over a WebSocket when files change.
///
/// - `GET /` — the page.
/// - `GET /api/views[?category=…&device=…]` — every view's `id`, `title`, `kind`, `locale` and
///   findings per category, the server's `generation` and the inputs' `errors`.
/// - `GET /render/<view-id>/<category>.png[?device=…&orientation=…&boldText=…&profile=…&keyboard=…&scale=…]`.
/// - `GET /ws` — a WebSocket: `{"type":"changed","generation":…,"views":[…],"errors":[…]}` on each change.
///
/// Views are addressed by id only: no request reaches the file system. Unknown ids, categories
/// and parameters are 4xx; renders are cached (bounded) per view, category, settings and
/// generation, and answered 503 after ``renderTimeout`` (the render finishes in the background
/// and is cached). Requests naming another host, WebSocket upgrades from other origins and
/// oversized request heads are refused before routing (``RequestPolicy``).
package struct LivePreviewServer: Sendable {
    /// What is shown.
    package let catalog: LivePreviewCatalog
    /// Settings a request does not set (a source's own settings, such as the notepad's rules and
    /// row heights, are its reader's, from the catalog's ``LivePreviewCatalog/selection``).
    package let settings: AuditSettings
    /// Where fonts come from.
    package let resolver: FontResolver
    /// How long `dyntype serve` lets a render take before answering 503: 30 s (README, "serve").
    package static let defaultRenderTimeout: Duration = .seconds(30)
    /// How long a render may take before the request gets a 503 (``defaultRenderTimeout``).
    package var renderTimeout: Duration = LivePreviewServer.defaultRenderTimeout
    /// Runs in each render's task before the view is drawn: tests make a render slow with it.
    package var beforeRender: (@Sendable () -> Void)?
    /// How often files are checked for changes.
    package var pollInterval: Duration = .milliseconds(300)
    /// How long a connection may take, in all, to send a request head (``RequestPolicy/defaultHeadTimeout``; tests shorten it).
    package var headTimeout: TimeAmount = RequestPolicy.defaultHeadTimeout
    /// The most connections open at once (``RequestPolicy/defaultMaximumConnections``).
    package var maximumConnections = RequestPolicy.defaultMaximumConnections

    let cache = RenderCache()
    let inFlight = InFlightRenders()
    let hub = PushHub()
    let defaults: PreviewQuery

    /// A server for `catalog`, with `settings` as the defaults, images at `scale`.
    package init(catalog: LivePreviewCatalog, settings: AuditSettings, scale: Double, resolver: FontResolver) {
        self.catalog = catalog
        self.settings = settings
        self.resolver = resolver
        defaults = PreviewQuery(
            device: settings.device.id, orientation: settings.device.orientation, boldText: settings.legibility == .bold,
            profile: TypeRampProfile.bundledNames.contains(settings.profile.name) ? settings.profile.name : "ios",
            keyboard: settings.keyboard == .hidden ? nil : (settings.keyboard == .device ? "device" : "\(settings.keyboard.points)"),
            scale: scale)
    }

    // MARK: Running

    /// The application listening on `host:port` (port 0: any free port), every connection behind a
    /// ``RequestGuard`` (Host and Origin checks, limits on the request head; see ``RequestPolicy``).
    package func application(host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol
    {
        let hub = self.hub
        var configured = RequestPolicy(boundHost: host)
        (configured.headTimeout, configured.maximumConnections) = (headTimeout, maximumConnections)
        let policy = configured
        let count = ConnectionCount(maximum: maximumConnections)
        let server = HTTPServerBuilder { responder in
            GuardedChildChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, configuration: .init(http1: .init(additionalChannelHandlers: [ResponseTracker()])),
                    shouldUpgrade: { (request: HTTPRequest, channel: any Channel, _: Logger) async throws -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> in
                        guard request.path == "/ws" else { return .dontUpgrade }
                        // The guard has refused foreign origins already; checked again here so
                        // that no upgrade ever happens without it.
                        if let origin = request.headerFields[.origin],
                            !policy.allowsOrigin(origin, port: channel.localAddress?.port ?? port)
                        {
                            return .dontUpgrade
                        }
                        return .upgrade([:]) { inbound, outbound, _ in
                            let (id, messages) = await hub.join()
                            defer { Task { await hub.leave(id) } }
                            // Ended by Ctrl-C too: the server's graceful shutdown waits for every
                            // connection, and an open page never closes its own.
                            try await cancelWhenGracefulShutdown {
                                try await withThrowingTaskGroup(of: Void.self) { group in
                                    group.addTask {
                                        for try await _ in inbound {}  // until the page closes
                                    }
                                    group.addTask {
                                        for await message in messages { try await outbound.write(.text(message)) }
                                    }
                                    try await group.next()
                                    group.cancelAll()
                                }
                            }
                        }
                    }),
                policy: policy, connections: count)
        }
        return Application(
            router: router(),
            server: server,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "dyntype"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) })
    }

    /// Serves until the task is cancelled or the process gets SIGINT/SIGTERM, watching the files.
    package func run(host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        let app = application(host: host, port: port, onRunning: onRunning)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            group.addTask { try await watch() }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Polls the inputs' modification times; reloads and pushes on a change.
    func watch() async throws {
        var last = catalog.watchedFiles()
        while !Task.isCancelled {
            try await Task.sleep(for: pollInterval)
            let now = catalog.watchedFiles()
            guard now != last else { continue }
            last = now
            await reloadAndPush()
        }
    }

    /// Reloads now and pushes what changed to open pages (the watcher calls it on each change).
    package func reloadAndPush() async {
        let (changed, errorsChanged) = catalog.reload()
        guard !changed.isEmpty || errorsChanged else { return }
        let message: [String: Any] = ["type": "changed", "generation": catalog.generation, "views": changed, "errors": catalog.errors]
        if let data = try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]) {
            await hub.broadcast(String(decoding: data, as: UTF8.self))
        }
    }

    // MARK: Routes

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: LivePreviewPage.html)))
        }
        router.get("/api/views") { request, _ in try await self.views(request) }
        router.get("/render/:id/:file") { request, context in
            try await self.render(request, id: context.parameters.get("id") ?? "", file: context.parameters.get("file") ?? "")
        }
        return router
    }

    private func queryItems(_ request: Request) -> [(String, String)] {
        URLComponents(string: "http://x" + request.uri.description)?.queryItems?.map { ($0.name, $0.value ?? "") } ?? []
    }

    private func json(_ object: Any, status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private func problem(_ status: HTTPResponse.Status, _ message: String) -> Response {
        json(["error": message], status: status)
    }

    private func parse(_ request: Request, allowing extra: Set<String> = []) throws(PreviewQuery.Invalid) -> (PreviewQuery, [(String, String)]) {
        let items = queryItems(request)
        let own = items.filter { !extra.contains($0.0) }
        return (try PreviewQuery(own, defaults: defaults), items.filter { extra.contains($0.0) })
    }

    func views(_ request: Request) async throws -> Response {
        let query: PreviewQuery
        let extra: [(String, String)]
        do { (query, extra) = try parse(request, allowing: ["category"]) } catch { return problem(.badRequest, error.description) }
        let settings: AuditSettings
        do { settings = try query.settings(rules: self.settings) } catch { return problem(.badRequest, "\(error)") }
        var categories = settings.profile.categories.map(\.category)
        if let name = extra.first(where: { $0.0 == "category" })?.1 {
            guard let category = try? ContentSizeCategory(parsing: name), settings.profile.supports(category) else {
                return problem(.badRequest, "unknown category '\(name)' for profile \(settings.profile.name)")
            }
            categories = [category]
        }
        let state = catalog.current
        // Every render at once (they queue on the render threads), so the answer comes within one
        // render timeout however many views are slow, not one timeout per view.
        let outcomes = await withTaskGroup(of: (Int, Int, Result<Data, RenderFailure>).self) { group in
            for (viewIndex, view) in state.views.enumerated() {
                for (categoryIndex, category) in categories.enumerated() {
                    group.addTask {
                        do {
                            let entry = try await self.renderEntry(view: view, category: category, query: query, state: state)
                            return (viewIndex, categoryIndex, .success(entry.findingsJSON))
                        } catch {
                            return (viewIndex, categoryIndex, .failure(RenderFailure(description: "\(error)")))
                        }
                    }
                }
            }
            var outcomes: [[Int: Result<Data, RenderFailure>]] = Array(repeating: [:], count: state.views.count)
            for await (viewIndex, categoryIndex, outcome) in group { outcomes[viewIndex][categoryIndex] = outcome }
            return outcomes
        }
        var list: [[String: Any]] = []
        for (viewIndex, view) in state.views.enumerated() {
            var findings: [String: Any] = [:]
            var failure: String?
            for (categoryIndex, category) in categories.enumerated() {
                switch outcomes[viewIndex][categoryIndex] {
                case .success(let json)?:
                    findings[category.name] = (try? JSONSerialization.jsonObject(with: json)) ?? []
                case .failure(let error)?:
                    // One view that cannot be laid out (a font file gone, a render that timed out)
                    // does not take the others down: it says why.
                    failure = error.description
                    findings[category.name] = []
                case nil:
                    findings[category.name] = []
                }
            }
            var item: [String: Any] = ["id": view.id, "title": view.title, "kind": view.kind, "findings": findings]
            if let failure { item["error"] = failure }
            if let locale = view.locale { item["locale"] = locale }
            list.append(item)
        }
        return json([
            "generation": state.generation, "views": list, "errors": state.errors,
            "categories": settings.profile.categories.map(\.category.name),
            "devices": DeviceCatalog.bundled.devices.map(\.id), "profiles": TypeRampProfile.bundledNames,
            "settings": [
                "device": query.device, "orientation": query.orientation.rawValue, "boldText": query.boldText, "profile": query.profile,
                "keyboard": query.keyboard ?? "none", "scale": query.scale,
            ],
        ])
    }

    func render(_ request: Request, id: String, file: String) async throws -> Response {
        let query: PreviewQuery
        do { (query, _) = try parse(request) } catch { return problem(.badRequest, error.description) }
        let state = catalog.current
        guard let view = state.views.first(where: { $0.id == id }) else { return problem(.notFound, "no view '\(id)'") }
        guard file.hasSuffix(".png"), let category = try? ContentSizeCategory(parsing: String(file.dropLast(4))) else {
            return problem(.notFound, "no image '\(file)': ask for <category>.png, e.g. large.png or accessibility3.png")
        }
        let settings: AuditSettings
        do { settings = try query.settings(rules: self.settings) } catch { return problem(.badRequest, "\(error)") }
        guard settings.profile.supports(category) else {
            return problem(.badRequest, "profile \(settings.profile.name) has no category \(category.name)")
        }
        do {
            let entry = try await renderEntry(view: view, category: category, query: query, state: state)
            return Response(
                status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: entry.png)))
        } catch let timeout as RenderTimeout {
            return problem(.serviceUnavailable, "\(id) at \(category.name): \(timeout)")
        } catch is ViewGone {
            return problem(.notFound, "view '\(id)' went away with the last change; reload the page")
        } catch {
            return problem(.unprocessableContent, "\(error)")
        }
    }

    /// Why a view could not be rendered, as /api/views shows it.
    struct RenderFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// A render that did not finish within the timeout (it goes on and is cached).
    struct RenderTimeout: Error, CustomStringConvertible {
        var timeout: Duration
        var description: String {
            "rendering took longer than \(LivePreviewServer.seconds(timeout)) (the render timeout); it finishes in the background — reload in a moment"
        }
    }
    /// The view's note or screen is no longer in the inputs (a file was removed mid-request).
    struct ViewGone: Error {}

    /// `30 s`, `0.2 s`: a timeout for messages.
    package static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// The cached render of `view`, or a new one (off the server's threads), answered within
    /// ``renderTimeout``: past it this throws ``RenderTimeout`` at once, while the render goes on
    /// and is cached for the next request. Requests for a render already under way wait for that
    /// one rather than starting another.
    func renderEntry(
        view: LivePreviewCatalog.View, category: ContentSizeCategory, query: PreviewQuery, state: LivePreviewCatalog.State
    ) async throws -> RenderCache.Entry {
        let key = "\(state.generation)|\(view.id)|\(category.name)|\(query.cacheKey)"
        if let cached = cache.value(key) { return cached }
        let settings = try query.settings(rules: self.settings)
        let resolver = self.resolver
        let beforeRender = self.beforeRender
        let cache = self.cache
        let work = inFlight.task(for: key) {
            Task.detached { () throws -> RenderCache.Entry in
                try await Self.onRenderQueue {
                    beforeRender?()
                    guard let shown = state.sources.allViews.first(where: { $0.view.id == view.id }) else { throw ViewGone() }
                    let rendered = try ViewRenderer.render(
                        shown.view, of: shown.source, category: category, settings: settings, scale: query.scale, resolver: resolver)
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys]
                    let entry = RenderCache.Entry(
                        png: try PNGEncoder.encode(rendered.image), findingsJSON: try encoder.encode(rendered.findings))
                    cache.store(key, entry)
                    return entry
                }
            }
        }
        return try await Self.value(of: work, within: renderTimeout)
    }

    /// Where renders run: threads of their own, at most one per core. A render is synchronous
    /// work that can take seconds; on Swift's cooperative pool (one thread per core) two of them
    /// would leave no thread for the server — not even for the timer that answers 503.
    static let renderQueue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "dyntype serve renders"
        queue.maxConcurrentOperationCount = max(2, ProcessInfo.processInfo.activeProcessorCount)
        return queue
    }()

    /// `body`'s result, computed on ``renderQueue``.
    static func onRenderQueue(_ body: @escaping @Sendable () throws -> RenderCache.Entry) async throws -> RenderCache.Entry {
        try await withCheckedThrowingContinuation { continuation in
            renderQueue.addOperation {
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// `task`'s value, or ``RenderTimeout`` once `timeout` has passed — without waiting for the
    /// task (awaiting a task's value cannot be cancelled, which made a 60 s render answer after 60 s).
    static func value(of task: Task<RenderCache.Entry, any Error>, within timeout: Duration) async throws -> RenderCache.Entry {
        let outcome = ResumeOnce<RenderCache.Entry>()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.set(continuation)
            let timer = Task.detached {
                try? await Task.sleep(for: timeout)
                outcome.resume(with: .failure(RenderTimeout(timeout: timeout)))
            }
            Task.detached {
                let result: Result<RenderCache.Entry, any Error>
                do { result = .success(try await task.value) } catch { result = .failure(error) }
                timer.cancel()
                outcome.resume(with: result)
            }
        }
    }
}

/// A continuation resumed by whichever of several racers comes first; the others are ignored.
final class ResumeOnce<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var done = false

    func set(_ continuation: CheckedContinuation<Value, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    func resume(with result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = lock.withLock {
            guard !done, let continuation else { return nil }
            done = true
            self.continuation = nil
            return continuation
        }
        waiting?.resume(with: result)
    }
}

/// Renders under way, by cache key: a second request for the same render waits for the first.
final class InFlightRenders: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [String: Task<RenderCache.Entry, any Error>] = [:]

    /// The task rendering `key`, started with `start` when none is under way; it leaves the table
    /// when it ends.
    func task(for key: String, start: () -> Task<RenderCache.Entry, any Error>) -> Task<RenderCache.Entry, any Error> {
        let (task, isNew) = lock.withLock { () -> (Task<RenderCache.Entry, any Error>, Bool) in
            if let running = tasks[key] { return (running, false) }
            let task = start()
            tasks[key] = task
            return (task, true)
        }
        if isNew {
            Task.detached { [weak self] in
                _ = await task.result
                self?.lock.withLock { _ = self?.tasks.removeValue(forKey: key) }
            }
        }
        return task
    }

    /// How many renders are under way.
    var count: Int { lock.withLock { tasks.count } }
}
