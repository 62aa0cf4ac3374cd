import Foundation
import Testing

/// The Swift examples of README.md and docs/*.md compile: every complete ```swift block is
/// type-checked against the package's library products as a client sees them (public API only),
/// and the package manifest examples are evaluated by SwiftPM. Fragments are fenced
/// ```swift-fragment and skipped.
///
/// How: each block becomes one file of a module `ReadmeExamples` — its imports at the top, its
/// declarations inside `struct ReadmeBlock<N>` (numbered across all the Markdown files, so blocks
/// never clash), its statements in that struct's `func run() async throws`, `#sourceLocation`
/// pointing every line back to its Markdown file — and `swiftc -typecheck` runs on them with the
/// search paths and C module maps SwiftPM used to compile this test target (read from the build
/// manifest, `<scratch>/debug.yaml`), which depends on those products, so the modules are built and
/// current. No second build of the package: a few seconds. Files go to
/// `<scratch>/readme-examples/` (`.build/`, ignored by git).
///
/// Also: the README opens with its two commands (CI and users copy them), and every relative link
/// in the README and docs/ points at a file, and at a heading of it when it names one.
@Suite("README examples", .timeLimit(.minutes(3)))
struct ReadmeExamplesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md, then docs/*.md in name order.
    static func documents() throws -> [URL] {
        let docs = repository.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return [repository.appendingPathComponent("README.md")] + names.map { docs.appendingPathComponent($0) }
    }

    /// The path of `url` from the repository, for messages.
    static func relative(_ url: URL) -> String {
        String(url.standardizedFileURL.path.dropFirst(repository.standardizedFileURL.path.count + 1))
    }

    @Test("every complete ```swift block of README.md and docs/*.md compiles against the package's products")
    func examplesCompile() throws {
        var documents: [ReadmeCode.Document] = []
        for url in try Self.documents() {
            documents.append(ReadmeCode.Document(path: url.path, blocks: ReadmeCode.swiftBlocks(in: try String(contentsOf: url, encoding: .utf8))))
        }
        #expect((documents.first?.blocks.count ?? 0) >= 3, "the README has Swift examples (a manifest and tests)")
        #expect(documents.dropFirst().map(\.blocks.count).reduce(0, +) >= 8, "docs/ has Swift examples")
        let compiler = try SwiftCompiler.forThisTestTarget()
        let folder = compiler.scratch.appendingPathComponent("readme-examples")
        let code = documents.map { ReadmeCode.Document(path: $0.path, blocks: $0.blocks.filter { !$0.isManifest }) }
        let result = try compiler.typecheck(ReadmeCode.sources(for: code), in: folder.appendingPathComponent("sources"))
        #expect(
            result.status == 0,
            "examples do not compile (complete ```swift blocks must; fence fragments as ```swift-fragment):\n\(result.output)")
        let products = try ReadmeCode.libraryProducts(
            inManifest: String(contentsOf: Self.repository.appendingPathComponent("Package.swift"), encoding: .utf8))
        var index = 0
        for document in documents {
            let name = Self.relative(URL(fileURLWithPath: document.path))
            for manifest in document.blocks.filter(\.isManifest) {
                index += 1
                let package = folder.appendingPathComponent("manifest-\(index)")
                let evaluated = try compiler.evaluateManifest(manifest.code, in: package)
                #expect(evaluated.status == 0, "\(name):\(manifest.line): the manifest example is not valid:\n\(evaluated.output)")
                let named = ReadmeCode.productsNamed(in: manifest.code, package: "DynamicTypeSimulator")
                #expect(!named.isEmpty, "\(name):\(manifest.line): the manifest example names this package's products")
                for product in named where !products.contains(product) {
                    Issue.record("\(name):\(manifest.line): the manifest example names \"\(product)\", not a library product of Package.swift (\(products.sorted()))")
                }
            }
        }
        #expect(index >= 1, "the README shows how to add the package (a Package.swift example)")
    }

    /// The README's first lines: the two commands, exactly (issue 21: they stay first and unchanged).
    static let twoCommands = """
        # DynamicTypeSimulator

        ```sh
        bash scripts/setup.sh && swift run -c release dyntype preview   # 1. set up, preview the sample notes at every text size
        bash scripts/setup.sh && swift test                             # 2. set up, run the tests
        ```

        """

    @Test("the README opens with the two commands, and CI runs command 2")
    func twoCommandsFirst() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.hasPrefix(Self.twoCommands), "README.md must start with the title and the two commands, byte for byte")
        let ci = try String(contentsOf: Self.repository.appendingPathComponent(".ci/run"), encoding: .utf8)
        let lines = ci.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let setup = lines.firstIndex(of: "bash scripts/setup.sh")
        let test = lines.firstIndex(of: "swift test")
        #expect(setup != nil && test != nil && setup! < test!, ".ci/run runs command 2: bash scripts/setup.sh, then swift test")
    }

    @Test("every relative link of README.md and docs/*.md points at a file, and at one of its headings")
    func linksResolve() throws {
        var broken: [String] = []
        for url in try Self.documents() {
            let text = try String(contentsOf: url, encoding: .utf8)
            let folder = url.deletingLastPathComponent()
            for link in MarkdownLinks.links(in: text) {
                let (path, anchor) = MarkdownLinks.split(link.target)
                let target = path.isEmpty ? url : folder.appendingPathComponent(path).standardizedFileURL
                guard FileManager.default.fileExists(atPath: target.path) else {
                    broken.append("\(Self.relative(url)):\(link.line): \(link.target): no such file")
                    continue
                }
                guard let anchor, target.pathExtension == "md" else { continue }
                let headings = MarkdownLinks.anchors(in: try String(contentsOf: target, encoding: .utf8))
                if !headings.contains(anchor) {
                    broken.append("\(Self.relative(url)):\(link.line): \(link.target): no heading #\(anchor) in \(Self.relative(target))")
                }
            }
        }
        #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
    }

    @Test("links are found outside code; anchors are GitHub's")
    func linkExtraction() {
        let markdown = """
            # A `fonts` heading — with (parentheses)
            See [fonts](docs/fonts.md#how-fonts-are-chosen) and ![](images/a.png).
            ```sh
            echo "[not](a-link.md)"
            ```
            `[not](either.md)` and [web](https://example.com) and [here](#a-fonts-heading--with-parentheses).
            ## A `fonts` heading — with (parentheses)
            """
        #expect(MarkdownLinks.links(in: markdown).map(\.target) == ["docs/fonts.md#how-fonts-are-chosen", "images/a.png", "#a-fonts-heading--with-parentheses"])
        #expect(MarkdownLinks.links(in: markdown).map(\.line) == [2, 2, 6])
        #expect(MarkdownLinks.anchors(in: markdown) == ["a-fonts-heading--with-parentheses", "a-fonts-heading--with-parentheses-1"])
        #expect(MarkdownLinks.slug("Fonts by name (`UIFont(name:size:)`)") == "fonts-by-name-uifontnamesize")
        #expect(MarkdownLinks.split("x.md#y").path == "x.md" && MarkdownLinks.split("x.md#y").anchor == "y")
        #expect(MarkdownLinks.split("#y").path.isEmpty && MarkdownLinks.split("x.md").anchor == nil)
    }

    @Test("blocks are found by their fence; imports hoisted, declarations and statements wrapped, lines kept")
    func extraction() {
        let readme = """
            Text.
            ```swift
            import Foundation
            let a = 1
            @Test func check() {
                print(a)
            }
            extension Int {
                var twice: Int { self * 2 }
            }
            let b = [
                a,
            ]
            ```
            ```swift-fragment
            for x in y { … }
            ```
            ```sh
            swift test
            ```
            """
        let blocks = ReadmeCode.swiftBlocks(in: readme)
        #expect(blocks.count == 1)
        let block = blocks[0]
        #expect(block.line == 3)
        let parts = ReadmeCode.split(block)
        #expect(parts.imports.map(\.text) == ["import Foundation"])
        #expect(parts.fileScope.map(\.line) == [8])
        #expect(parts.members.map(\.line) == [5])
        #expect(parts.statements.map(\.line) == [4, 11])
        #expect(parts.statements.last?.text == "let b = [\n    a,\n]")
        let source = ReadmeCode.source(for: block, number: 1, readmePath: "/r/README.md")
        #expect(source.hasPrefix("import Foundation\n"))
        #expect(source.contains("struct ReadmeBlock1 {\n#sourceLocation(file: \"/r/README.md\", line: 5)\n@Test func check() {"))
        #expect(source.contains("    func run() async throws {\n#sourceLocation(file: \"/r/README.md\", line: 4)\nlet a = 1\n"))
    }

    @Test("brackets in strings and comments do not end an item")
    func stringsAndComments() {
        let code = """
            let s = "(" // )
            let t = \"\"\"
                ) ] }
                \"\"\"
            /* ( */ let u = 1
            """
        let parts = ReadmeCode.split(ReadmeCode.Block(line: 1, code: code))
        #expect(parts.statements.map(\.line) == [1, 2, 5])
    }

    @Test("a block that does not compile fails the check, with the README's line")
    func brokenBlockIsReported() throws {
        let compiler = try SwiftCompiler.forThisTestTarget()
        let block = ReadmeCode.Block(line: 40, code: "import TextStack\nlet storage = TextStorage(strin: \"x\")")
        let result = try compiler.typecheck(
            ReadmeCode.sources(for: [block], readmePath: "/r/README.md"),
            in: compiler.scratch.appendingPathComponent("readme-examples/broken"))
        #expect(result.status != 0)
        #expect(result.output.contains("/r/README.md:41:"), "\(result.output)")
    }

    @Test("the manifest's library products are read from Package.swift")
    func products() throws {
        let products = try ReadmeCode.libraryProducts(
            inManifest: String(contentsOf: Self.repository.appendingPathComponent("Package.swift"), encoding: .utf8))
        #expect(products.isSuperset(of: ["DynamicTypeTesting", "DynamicTypeCore", "TextStack"]))
        #expect(
            ReadmeCode.productsNamed(
                in: #".product(name: "TextStack", package: "DynamicTypeSimulator"), .product(name: "X", package: "other")"#,
                package: "DynamicTypeSimulator") == ["TextStack"])
    }
}

/// Finds the README's Swift blocks and turns them into compilable files.
enum ReadmeCode {
    /// A fenced block: the README line of its first code line, and its code.
    struct Block {
        var line: Int
        var code: String

        /// A `Package.swift` example.
        var isManifest: Bool { code.contains("import PackageDescription") }
    }

    /// A top-level item of a block (a declaration or a statement with its continuation lines).
    struct Item {
        var line: Int
        var text: String
    }

    /// Every block fenced exactly ```swift (not ```swift-fragment, not other languages).
    static func swiftBlocks(in markdown: String) -> [Block] {
        var blocks: [Block] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if trimmed == "```" {
                    blocks.append(Block(line: block.line, code: block.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    block.lines.append(line)
                    current = block
                }
            } else if trimmed == "```swift" {
                current = (index + 2, [])
            }
        }
        return blocks
    }

    /// The block's top-level items, sorted into imports, declarations that must stay at file
    /// scope (extensions), other declarations, and statements.
    static func split(_ block: Block) -> (imports: [Item], fileScope: [Item], members: [Item], statements: [Item]) {
        var items: [Item] = []
        var current: Item?
        var depth = 0
        var scanner = BracketScanner()
        for (offset, line) in block.code.components(separatedBy: "\n").enumerated() {
            let code = codePart(line)
            if var item = current, depth > 0 || code.hasPrefix(".") || (!line.trimmingCharacters(in: .whitespaces).isEmpty && expectsMore(item.text)) {
                item.text += "\n" + line
                current = item
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if let item = current { items.append(item) }
                current = nil
            } else {
                if let item = current { items.append(item) }
                current = Item(line: block.line + offset, text: line)
            }
            depth = scanner.depth(after: line)
        }
        if let item = current { items.append(item) }
        var parts: (imports: [Item], fileScope: [Item], members: [Item], statements: [Item]) = ([], [], [], [])
        for item in items {
            let text = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            let item = Item(line: item.line, text: text)
            let head = firstCodeLine(text)
            if head.hasPrefix("import ") || head.hasPrefix("@testable import ") {
                parts.imports.append(item)
            } else if head.hasPrefix("extension ") {
                parts.fileScope.append(item)
            } else if isDeclaration(head) {
                parts.members.append(item)
            } else {
                parts.statements.append(item)
            }
        }
        return parts
    }

    /// Whether the item goes on after its last line: a line ending in an operator, comma or `=`,
    /// an attribute or a comment alone on its line.
    static func expectsMore(_ text: String) -> Bool {
        let last = text.components(separatedBy: "\n").last ?? ""
        let trimmed = last.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") { return true }
        let code = codePart(last)
        if code.hasPrefix("@"), !code.contains(" ") || code.hasSuffix(")") { return true }
        return ["=", ",", "+", "-", "*", "&&", "||", "??", "->", " in"].contains { code.hasSuffix($0) }
    }

    /// `line` without a trailing `//` comment and surrounding spaces (quotes are respected).
    static func codePart(_ line: String) -> String {
        var inString = false
        var previous: Character = " "
        var end = line.endIndex
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\"", previous != "\\" { inString.toggle() }
            if !inString, character == "/", previous == "/" {
                end = line.index(before: index)
                break
            }
            previous = character
            index = line.index(after: index)
        }
        return line[..<end].trimmingCharacters(in: .whitespaces)
    }

    static let declarationKeywords = [
        "func ", "struct ", "class ", "final ", "enum ", "actor ", "protocol ", "typealias ", "private ", "fileprivate ",
        "public ", "internal ", "static ", "nonisolated ", "@",
    ]

    static func isDeclaration(_ head: String) -> Bool {
        declarationKeywords.contains { head.hasPrefix($0) }
    }

    /// The first line that is not a comment.
    static func firstCodeLine(_ text: String) -> String {
        text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty && !$0.hasPrefix("//") } ?? ""
    }

    /// One file for block `number`.
    static func source(for block: Block, number: Int, readmePath: String) -> String {
        let parts = split(block)
        func located(_ item: Item) -> String {
            "#sourceLocation(file: \"\(readmePath)\", line: \(item.line))\n\(item.text)\n#sourceLocation()\n"
        }
        var out = parts.imports.map(\.text).joined(separator: "\n") + "\n\n"
        out += parts.fileScope.map(located).joined()
        out += "struct ReadmeBlock\(number) {\n"
        out += parts.members.map(located).joined()
        out += "    func run() async throws {\n"
        out += parts.statements.map(located).joined()
        out += "    }\n}\n"
        return out
    }

    /// A Markdown file and its Swift blocks.
    struct Document {
        var path: String
        var blocks: [Block]
    }

    /// File name → contents, one file per block of every document, numbered across them.
    static func sources(for documents: [Document]) -> [String: String] {
        var files: [String: String] = [:]
        var number = 0
        for document in documents {
            for block in document.blocks {
                number += 1
                files["ReadmeBlock\(number).swift"] = source(for: block, number: number, readmePath: document.path)
            }
        }
        return files
    }

    /// File name → contents, one file per block.
    static func sources(for blocks: [Block], readmePath: String) -> [String: String] {
        var files: [String: String] = [:]
        for (index, block) in blocks.enumerated() {
            files["ReadmeBlock\(index + 1).swift"] = source(for: block, number: index + 1, readmePath: readmePath)
        }
        return files
    }

    /// The names of `.library(name: …)` products in a manifest.
    static func libraryProducts(inManifest manifest: String) throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: #"\.library\(\s*name:\s*"([^"]+)""#)
        let range = NSRange(manifest.startIndex..., in: manifest)
        return Set(pattern.matches(in: manifest, range: range).compactMap { Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) } })
    }

    /// The product names a manifest takes from `package`.
    static func productsNamed(in manifest: String, package: String) -> Set<String> {
        guard let pattern = try? NSRegularExpression(pattern: #"\.product\(\s*name:\s*"([^"]+)",\s*package:\s*"([^"]+)"\s*\)"#)
        else { return [] }
        let range = NSRange(manifest.startIndex..., in: manifest)
        return Set(
            pattern.matches(in: manifest, range: range).compactMap { match -> String? in
                guard let name = Range(match.range(at: 1), in: manifest), let owner = Range(match.range(at: 2), in: manifest),
                    manifest[owner] == package
                else { return nil }
                return String(manifest[name])
            })
    }
}
