import Foundation
import Testing

/// The public API of the library products is a reviewed list (issue 21: a small, documented public
/// surface).
///
/// How: `swift-symbolgraph-extract` (next to `swift` in the toolchain) reads each product's built
/// module — this target depends on the products, so they are built and current — with
/// `-minimum-access-level public -skip-synthesized-members`, with the search paths and C module
/// maps SwiftPM compiled this target with (`SwiftCompiler`, from the build manifest). Every symbol
/// becomes one line `<module> <kind> <path>` (`DynamicTypeAudit struct Preview`,
/// `DynamicTypeAudit var Preview.settings`); members a module adds to another module's types count
/// for the module that declares them. Overloads share a line, once per overload.
///
/// - `PublicAPI.txt` is the sorted list: a difference fails and prints the lines added and removed.
///   `DYNTYPE_RECORD=1 swift test --filter PublicAPITests` rewrites it (and fails once, saying so):
///   commit it with the change, so that API growth is a reviewed diff.
/// - `PublicAPI-undocumented.txt` lists the public symbols without a doc comment (inherited ones,
///   such as `description` from `CustomStringConvertible`, count). It may only shrink, and stays
///   exact: a symbol missing from it, or listed but documented or gone, fails. Recording drops the
///   lines that no longer apply; it never adds one.
/// - The public types (struct, class, enum, protocol, typealias, actor; nested ones too) stay at or
///   below `typeCeiling`: lower it when the count goes down.
@Suite("Public API", .serialized, .timeLimit(.minutes(5)))
struct PublicAPITests {
    /// Public types today, all products together (issue 21 asks for at most 150). Only lower it.
    static let typeCeiling = 150

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let listFile = folder.appendingPathComponent("PublicAPI.txt")
    static let undocumentedFile = folder.appendingPathComponent("PublicAPI-undocumented.txt")
    static var recording: Bool { ProcessInfo.processInfo.environment["DYNTYPE_RECORD"] != nil }

    /// Extracted once for the three tests.
    static let extracted: Result<[PublicSymbol], PublicAPIError> = {
        do {
            return .success(try PublicAPI.extract())
        } catch let error as PublicAPIError {
            return .failure(error)
        } catch {
            return .failure(.failed("\(error)"))
        }
    }()

    /// The symbols, or nil (with the reason printed) when the toolchain has no extractor.
    static func symbols() throws -> [PublicSymbol]? {
        switch extracted {
        case .success(let symbols):
            return symbols
        case .failure(.noExtractor(let searched)):
            print("PublicAPITests: skipped, no swift-symbolgraph-extract next to swift (looked in \(searched.joined(separator: ", ")))")
            return nil
        case .failure(let error):
            throw error
        }
    }

    @Test("the public API is the committed PublicAPI.txt")
    func publicAPIIsCommitted() throws {
        guard let symbols = try Self.symbols() else { return }
        let actual = symbols.map(\.line).sorted()
        let committed = (try? PublicAPI.readList(Self.listFile)) ?? []
        let (added, removed) = PublicAPI.difference(from: committed, to: actual)
        if Self.recording {
            if !added.isEmpty || !removed.isEmpty {
                try PublicAPI.writeList(actual, to: Self.listFile, header: PublicAPI.listHeader)
                Issue.record("recorded \(Self.listFile.lastPathComponent) (\(added.count) added, \(removed.count) removed); run again without DYNTYPE_RECORD")
            }
            return
        }
        #expect(
            added.isEmpty && removed.isEmpty,
            """
            the public API differs from Tests/DocTests/PublicAPI.txt; if intended, re-record with \
            DYNTYPE_RECORD=1 swift test --filter PublicAPITests and commit the file
            \(PublicAPI.describe(added: added, removed: removed))
            """)
    }

    @Test("every public symbol has a doc comment, except the shrinking PublicAPI-undocumented.txt")
    func publicSymbolsAreDocumented() throws {
        guard let symbols = try Self.symbols() else { return }
        let undocumented = symbols.filter { !$0.isDocumented }.map(\.line).sorted()
        let allowed = (try? PublicAPI.readList(Self.undocumentedFile)) ?? []
        // Newly undocumented: not in the list. Stale: listed, but documented now or gone.
        let (missingDocs, stale) = PublicAPI.difference(from: allowed, to: undocumented)
        if Self.recording, !stale.isEmpty {
            let kept = PublicAPI.subtracting(stale, from: allowed)
            try PublicAPI.writeList(kept, to: Self.undocumentedFile, header: PublicAPI.undocumentedHeader)
            Issue.record("dropped \(stale.count) lines from \(Self.undocumentedFile.lastPathComponent); run again without DYNTYPE_RECORD")
        } else {
            #expect(
                stale.isEmpty,
                """
                Tests/DocTests/PublicAPI-undocumented.txt lists symbols that are documented now or gone; \
                delete these lines (or re-record with DYNTYPE_RECORD=1):
                \(stale.joined(separator: "\n"))
                """)
        }
        #expect(
            missingDocs.isEmpty,
            """
            public symbols without a doc comment (write a /// line saying its role; the list of \
            exceptions only shrinks):
            \(missingDocs.joined(separator: "\n"))
            """)
    }

    @Test("the number of public types stays at or below the ceiling")
    func publicTypesAtMostCeiling() throws {
        guard let symbols = try Self.symbols() else { return }
        let types = symbols.filter(\.isType)
        let perModule = Dictionary(grouping: types, by: \.module).mapValues(\.count)
        let summary = perModule.keys.sorted().map { "\($0) \(perModule[$0]!)" }.joined(separator: ", ")
        print("public types: \(types.count) (\(summary)); public symbols: \(symbols.count)")
        #expect(
            types.count <= Self.typeCeiling,
            "\(types.count) public types, above the ceiling of \(Self.typeCeiling) (make new types package or internal)")
        if types.count < Self.typeCeiling {
            print("PublicAPITests: \(types.count) public types, below the ceiling \(Self.typeCeiling): lower typeCeiling")
        }
    }

    @Test("symbol graph symbols become lines; kinds, extensions, doc comments")
    func symbolLines() throws {
        let json = """
            {"module": {"name": "M"}, "symbols": [
              {"kind": {"identifier": "swift.struct", "displayName": "Structure"}, "pathComponents": ["Preview"],
               "docComment": {"lines": [{"text": "A preview."}]}},
              {"kind": {"identifier": "swift.property", "displayName": "Instance Property"}, "pathComponents": ["Preview", "settings"],
               "docComment": {"lines": [{"text": "  "}]}},
              {"kind": {"identifier": "swift.type.method", "displayName": "Type Method"}, "pathComponents": ["Preview", "make(at:)"]},
              {"kind": {"identifier": "swift.enum.case", "displayName": "Case"}, "pathComponents": ["Kind", "list"],
               "docComment": {"module": "Other", "lines": [{"text": "Inherited."}]}}
            ]}
            """
        let symbols = try PublicAPI.symbols(inGraph: Data(json.utf8), module: "M")
        #expect(symbols.map(\.line) == ["M struct Preview", "M var Preview.settings", "M static func Preview.make(at:)", "M case Kind.list"])
        #expect(symbols.map(\.isDocumented) == [true, false, false, true])
        #expect(symbols.map(\.isType) == [true, false, false, false])
        let (added, removed) = PublicAPI.difference(from: ["a", "b", "b", "c"], to: ["a", "b", "d"])
        #expect(added == ["d"] && removed == ["b", "c"])
        #expect(PublicAPI.subtracting(["b"], from: ["a", "b", "b"]) == ["a", "b"])
    }
}

/// One public symbol of a product.
struct PublicSymbol: Sendable {
    var module: String
    /// `struct`, `var`, `static func`, `case`, …
    var kind: String
    /// Dotted: `Preview.settings`, `SwitchReport.Row.init(from:)`.
    var path: String
    var isDocumented: Bool

    var line: String { "\(module) \(kind) \(path)" }
    var isType: Bool { PublicAPI.typeKinds.contains(kind) }
}

enum PublicAPIError: Error, CustomStringConvertible {
    case noExtractor(searched: [String])
    case failed(String)

    var description: String {
        switch self {
        case .noExtractor(let searched): "no swift-symbolgraph-extract in \(searched)"
        case .failed(let detail): detail
        }
    }
}

/// Extraction of the products' public symbols and the list files.
enum PublicAPI {
    static let typeKinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "actor"]

    /// Symbol graph kind identifiers → the keyword of a line.
    static let kindNames: [String: String] = [
        "swift.struct": "struct", "swift.class": "class", "swift.enum": "enum", "swift.protocol": "protocol",
        "swift.typealias": "typealias", "swift.actor": "actor", "swift.associatedtype": "associatedtype",
        "swift.property": "var", "swift.type.property": "static var", "swift.var": "var",
        "swift.method": "func", "swift.type.method": "static func", "swift.func": "func", "swift.func.op": "operator",
        "swift.init": "init", "swift.deinit": "deinit", "swift.subscript": "subscript",
        "swift.type.subscript": "static subscript", "swift.enum.case": "case", "swift.macro": "macro",
    ]

    static let listHeader = """
        # The public API of the library products, one symbol a line: <module> <kind> <path>.
        # Checked by Tests/DocTests/PublicAPITests.swift. Growth is a reviewed diff: after an intended
        # change, DYNTYPE_RECORD=1 swift test --filter PublicAPITests, and commit this file.
        """

    static let undocumentedHeader = """
        # Public symbols without a doc comment, allowed for now. This list only shrinks: document a
        # symbol and delete its line (DYNTYPE_RECORD=1 swift test --filter PublicAPITests drops the
        # lines that no longer apply). Checked by Tests/DocTests/PublicAPITests.swift.
        """

    /// The library products of Package.swift, every one's public symbols.
    static func extract() throws -> [PublicSymbol] {
        let compiler: SwiftCompiler
        do {
            compiler = try SwiftCompiler.forThisTestTarget()
        } catch {
            throw PublicAPIError.failed("\(error)")
        }
        let extractor = try locateExtractor(besides: compiler.swiftc)
        let manifest = ReadmeExamplesTests.repository.appendingPathComponent("Package.swift")
        let products = try ReadmeCode.libraryProducts(inManifest: String(contentsOf: manifest, encoding: .utf8)).sorted()
        guard !products.isEmpty else { throw PublicAPIError.failed("no library products in Package.swift") }
        let output = compiler.scratch.appendingPathComponent("public-api")
        var symbols: [PublicSymbol] = []
        for module in products {
            let folder = output.appendingPathComponent(module)
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let arguments =
                [
                    "-module-name", module, "-minimum-access-level", "public", "-skip-synthesized-members",
                    "-omit-extension-block-symbols", "-output-dir", folder.path,
                    "-module-cache-path", output.appendingPathComponent("ModuleCache").path,
                ] + extractorFlags(compiler.flags)
            let result = try SwiftCompiler.run(extractor, arguments)
            guard result.status == 0 else {
                throw PublicAPIError.failed("swift-symbolgraph-extract \(module) failed (\(result.status)):\n\(result.output)")
            }
            // `<module>.symbols.json`, and `<module>@<Other>.symbols.json` for extensions of other modules' types.
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0 == "\(module).symbols.json" || $0.hasPrefix("\(module)@") }
            guard files.contains("\(module).symbols.json") else {
                throw PublicAPIError.failed("swift-symbolgraph-extract wrote no \(module).symbols.json:\n\(result.output)")
            }
            for file in files.sorted() {
                symbols += try Self.symbols(inGraph: Data(contentsOf: folder.appendingPathComponent(file)), module: module)
            }
        }
        return symbols
    }

    /// `swift-symbolgraph-extract` of the toolchain: next to the `swiftc` SwiftPM built with, to
    /// `$SWIFT_EXEC`, or to `swift` on `PATH` (symbolic links resolved, as `/usr/bin/swift` often
    /// is one into the toolchain).
    static func locateExtractor(besides swiftc: String) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        var compilers = [swiftc]
        if let exec = environment["SWIFT_EXEC"], !exec.isEmpty { compilers.append(exec) }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            compilers.append("\(directory)/swift")
        }
        var searched: [String] = []
        for compiler in compilers {
            let url = URL(fileURLWithPath: compiler)
            for candidate in [url, url.resolvingSymlinksInPath()] {
                let folder = candidate.deletingLastPathComponent().path
                if searched.contains(folder) { continue }
                searched.append(folder)
                let tool = "\(folder)/swift-symbolgraph-extract"
                if FileManager.default.isExecutableFile(atPath: tool) { return tool }
            }
        }
        throw PublicAPIError.noExtractor(searched: searched)
    }

    /// The compile flags the extractor understands: search paths, C module maps and the target.
    static func extractorFlags(_ flags: [String]) -> [String] {
        SwiftCompiler.keeping(
            flags, pairs: ["-I", "-F", "-Xcc", "-target", "-sdk", "-resource-dir", "-swift-version"], prefixes: ["-I", "-F"])
    }

    private struct Graph: Decodable {
        var symbols: [Symbol]
    }

    private struct Symbol: Decodable {
        struct Kind: Decodable { var identifier: String }
        struct DocComment: Decodable {
            struct Line: Decodable { var text: String }
            var lines: [Line]
        }
        var kind: Kind
        var pathComponents: [String]
        var docComment: DocComment?
    }

    /// The symbols of one symbol graph file, attributed to `module`.
    static func symbols(inGraph data: Data, module: String) throws -> [PublicSymbol] {
        let graph = try JSONDecoder().decode(Graph.self, from: data)
        return graph.symbols.map { symbol in
            let identifier = symbol.kind.identifier
            let kind = kindNames[identifier] ?? identifier.replacingOccurrences(of: "swift.", with: "")
            let documented = symbol.docComment?.lines.contains { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty } ?? false
            return PublicSymbol(module: module, kind: kind, path: symbol.pathComponents.joined(separator: "."), isDocumented: documented)
        }
    }

    /// A list file's lines, without blank lines and `#` comments.
    static func readList(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    static func writeList(_ lines: [String], to url: URL, header: String) throws {
        try Data((header + "\n" + lines.sorted().map { $0 + "\n" }.joined()).utf8).write(to: url)
    }

    /// Lines of `new` not in `old` and of `old` not in `new`, counting repeats (overloads).
    static func difference(from old: [String], to new: [String]) -> (added: [String], removed: [String]) {
        var counts: [String: Int] = [:]
        for line in new { counts[line, default: 0] += 1 }
        for line in old { counts[line, default: 0] -= 1 }
        var added: [String] = []
        var removed: [String] = []
        for (line, count) in counts.sorted(by: { $0.key < $1.key }) {
            if count > 0 { added += Array(repeating: line, count: count) }
            if count < 0 { removed += Array(repeating: line, count: -count) }
        }
        return (added, removed)
    }

    /// `lines` with one occurrence of each of `removed` taken out.
    static func subtracting(_ removed: [String], from lines: [String]) -> [String] {
        var left = lines
        for line in removed {
            if let index = left.firstIndex(of: line) { left.remove(at: index) }
        }
        return left
    }

    static func describe(added: [String], removed: [String]) -> String {
        (added.map { "+ \($0)" } + removed.map { "- \($0)" }).joined(separator: "\n")
    }
}
