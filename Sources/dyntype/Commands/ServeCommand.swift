import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeServer
import DynamicTypeViewSources
import FontSystem
import Foundation

/// `dyntype serve`: the live preview in a browser.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a live preview: every note and screen at a text size picked with a slider, following your files.",
        discussion: """
            Open the printed URL: one tile per view (the notes list, each note, each screen and locale) with its findings, \
            a 12-stop text-size slider, device, orientation, Bold Text, profile, keyboard and locale controls, and a sweep \
            view. Saving a note, screen, strings file re-renders what changed and pushes it to open pages; a broken file \
            shows its error on the page. The JSON API the page uses: GET /api/views, \
            GET /render/<view-id>/<category>.png; a render slower than \
            \(LivePreviewServer.seconds(LivePreviewServer.defaultRenderTimeout)) is answered 503 (it \
            finishes in the background). Binds 127.0.0.1 unless --host says otherwise, and answers \
            only requests whose Host names it (421 otherwise) and WebSocket upgrades from its own \
            pages (403 otherwise); a request line over \(RequestPolicy.maximumRequestLineBytes / 1024) KB \
            gets 414, headers over \(RequestPolicy.maximumHeaderBytes / 1024) KB 431. Ctrl-C stops it.
            """)

    @OptionGroup var options: ViewInputOptions

    @Option(name: .long, help: "Port (0: any free port).")
    var port: Int = 8080

    @Option(name: .long, help: "Address to listen on (default 127.0.0.1: this machine only).")
    var host: String = "127.0.0.1"

    @OptionGroup var scaleOption: ScaleOption

    /// The port and `--locales` names are usage errors (64) before anything is read; names from
    /// strings files are checked by the catalog (65, naming the file).
    func validate() throws {
        try runReportingErrors {
            guard (0...65535).contains(port) else {
                throw CommandError(code: SysExit.usage, message: "invalid --port \(port): give 0…65535")
            }
            if options.locales != nil {
                do {
                    _ = try ScreenLocales.select(options.locales, table: StringTable(), stringsGiven: false, pseudo: false)
                } catch {
                    throw CommandError(code: SysExit.usage, message: "\(error)")
                }
            }
        }
    }

    func run() throws {
        try runReportingErrors {
            if host != "127.0.0.1" && host != "localhost" && host != "::1" {
                Diagnostics.warning(
                    "serving on \(host): other machines can read your notes and screens; use the default 127.0.0.1 unless you mean it")
            }
            let settings = try options.settings()
            let scale = try scaleOption.value(default: 2)
            let catalog: LivePreviewCatalog
            do {
                catalog = try LivePreviewCatalog(selection: try options.selection(), registry: .standard, settings: settings)
            } catch {
                throw CommandError(code: SysExit.dataError, message: "\(error)")
            }
            let server = LivePreviewServer(
                catalog: catalog, settings: settings, scale: scale, resolver: try options.resolver(for: catalog.sources))
            let host = self.host
            let done = DispatchSemaphore(value: 0)
            let failure = ServeFailure()
            Task.detached {
                do {
                    try await server.run(host: host, port: port) { bound in
                        StandardOutput.write("dyntype serve: http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/  (\(catalog.views.count) views; Ctrl-C stops)\n")
                    }
                } catch {
                    failure.error = error
                }
                done.signal()
            }
            done.wait()
            if let error = failure.error {
                throw CommandError(code: SysExit.cannotCreate, message: "cannot serve on \(host):\(port): \(error)")
            }
        }
    }
}

/// The server task's error, read once it has ended.
final class ServeFailure: @unchecked Sendable {
    var error: (any Error)?
}
