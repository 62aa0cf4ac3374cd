import Foundation
import Testing

/// Relative links of a Markdown file and the anchors of its headings, as GitHub makes them.
enum MarkdownLinks {
    struct Link: Equatable {
        var line: Int
        var target: String
    }

    /// `[text](target)` and `![alt](target)` outside fenced blocks and inline code, except web and
    /// mail addresses.
    static func links(in markdown: String) -> [Link] {
        var links: [Link] = []
        var inFence = false
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^()\s]+)\)"#)
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence else { continue }
            let prose = withoutInlineCode(line)
            let range = NSRange(prose.startIndex..., in: prose)
            for match in pattern.matches(in: prose, range: range) {
                guard let target = Range(match.range(at: 1), in: prose).map({ String(prose[$0]) }) else { continue }
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                links.append(Link(line: index + 1, target: target))
            }
        }
        return links
    }

    /// `line` with every `code span` blanked.
    static func withoutInlineCode(_ line: String) -> String {
        var out = ""
        var inCode = false
        for character in line {
            if character == "`" {
                inCode.toggle()
                out.append(character)
            } else {
                out.append(inCode ? " " : character)
            }
        }
        return out
    }

    /// `path#anchor` → (path, anchor).
    static func split(_ target: String) -> (path: String, anchor: String?) {
        guard let hash = target.firstIndex(of: "#") else { return (target, nil) }
        return (String(target[..<hash]), String(target[target.index(after: hash)...]))
    }

    /// The anchors of the headings outside fenced blocks, duplicates numbered `-1`, `-2` as GitHub does.
    static func anchors(in markdown: String) -> [String] {
        var anchors: [String] = []
        var seen: [String: Int] = [:]
        var inFence = false
        for line in markdown.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence, line.hasPrefix("#") else { continue }
            let marks = line.prefix { $0 == "#" }
            guard marks.count <= 6, line.dropFirst(marks.count).first == " " else { continue }
            let base = slug(String(line.dropFirst(marks.count)))
            let count = seen[base, default: 0]
            seen[base] = count + 1
            anchors.append(count == 0 ? base : "\(base)-\(count)")
        }
        return anchors
    }

    /// GitHub's heading anchor: lower case; letters, digits, `-` and `_` kept; spaces become `-`;
    /// everything else dropped.
    static func slug(_ heading: String) -> String {
        var out = ""
        for character in heading.trimmingCharacters(in: .whitespaces).lowercased() {
            if character == " " {
                out.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                out.append(character)
            }
        }
        return out
    }
}

/// Bracket depth of Swift code line by line, skipping strings (also multi-line ones) and comments.
struct BracketScanner {
    private var depth = 0
    private var inBlockComment = false
    private var inMultilineString = false

    mutating func depth(after line: String) -> Int {
        let characters = Array(line)
        var index = 0
        var inString = false
        while index < characters.count {
            let character = characters[index]
            let rest = characters[index...]
            if inBlockComment {
                if rest.starts(with: ["*", "/"]) { inBlockComment = false; index += 1 }
            } else if inMultilineString {
                if rest.starts(with: ["\"", "\"", "\""]) { inMultilineString = false; index += 2 }
            } else if inString {
                if character == "\\" { index += 1 } else if character == "\"" { inString = false }
            } else if rest.starts(with: ["/", "/"]) {
                break
            } else if rest.starts(with: ["/", "*"]) {
                inBlockComment = true
                index += 1
            } else if rest.starts(with: ["\"", "\"", "\""]) {
                inMultilineString = true
                index += 2
            } else if character == "\"" {
                inString = true
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
            }
            index += 1
        }
        return depth + (inMultilineString || inBlockComment ? 1 : 0)
    }
}

/// The Swift compiler with the flags SwiftPM used for this test target.
struct SwiftCompiler {
    var swiftc: String
    var flags: [String]
    /// The build folder (`.build`).
    var scratch: URL

    struct Output {
        var status: Int32
        var output: String
    }

    enum Problem: Error, CustomStringConvertible {
        case noBuildManifest(String)

        var description: String {
            switch self {
            case .noBuildManifest(let detail): "cannot find how SwiftPM compiled DocTests: \(detail)"
            }
        }
    }

    /// From the build manifest next to the running test bundle: `<scratch>/<configuration>.yaml`,
    /// the compile command of the `DocTests` module.
    static func forThisTestTarget() throws -> SwiftCompiler {
        let executable = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let products = executable.deletingLastPathComponent()
        let configuration = products.lastPathComponent
        var folder = products
        while folder.path != "/" {
            let manifest = folder.appendingPathComponent("\(configuration).yaml")
            if let text = try? String(contentsOf: manifest, encoding: .utf8), text.contains("\"C.DocTests-") {
                return try SwiftCompiler(manifest: text, scratch: folder)
            }
            folder = folder.deletingLastPathComponent()
        }
        throw Problem.noBuildManifest("no \(configuration).yaml with a DocTests module above \(products.path)")
    }

    init(manifest: String, scratch: URL) throws {
        let lines = manifest.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("\"C.DocTests-") && $0.contains(".module\"") }),
            let argsLine = lines[start...].prefix(12).first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("args: [") }),
            let open = argsLine.firstIndex(of: "["),
            let arguments = try? JSONDecoder().decode([String].self, from: Data(argsLine[open...].utf8)),
            let swiftc = arguments.first
        else { throw Problem.noBuildManifest("no compile command for DocTests in \(scratch.path)") }
        self.swiftc = swiftc
        self.flags = Self.searchFlags(Array(arguments.dropFirst()))
        self.scratch = scratch
    }

    /// The flags that say where modules and headers are and how to parse; outputs, sources,
    /// `-package-name` (examples are clients) and optimisation are dropped.
    static func searchFlags(_ arguments: [String]) -> [String] {
        keeping(
            arguments,
            pairs: [
                "-I", "-F", "-Xcc", "-Xfrontend", "-module-cache-path", "-target", "-sdk", "-swift-version", "-resource-dir",
                "-plugin-path", "-external-plugin-path", "-load-plugin-executable", "-load-plugin-library",
                "-enable-upcoming-feature", "-enable-experimental-feature",
            ],
            prefixes: ["-I", "-F", "-D", "-strict-concurrency="])
    }

    /// The flags of `arguments` in `pairs` (each with its value) or starting with one of `prefixes`.
    static func keeping(_ arguments: [String], pairs: Set<String>, prefixes: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if pairs.contains(argument), index + 1 < arguments.count {
                kept += [argument, arguments[index + 1]]
                index += 2
                continue
            }
            if prefixes.contains(where: argument.hasPrefix) { kept.append(argument) }
            index += 1
        }
        return kept
    }

    /// Writes `files` into `folder` (emptied first) and type-checks them as one module.
    func typecheck(_ files: [String: String], in folder: URL) throws -> Output {
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            paths.append(url.path)
        }
        return try Self.run(swiftc, ["-typecheck", "-parse-as-library", "-module-name", "ReadmeExamples"] + flags + paths)
    }

    /// Evaluates a `Package.swift` with `swift package dump-package` (no dependency is fetched).
    func evaluateManifest(_ manifest: String, in folder: URL) throws -> Output {
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        let swift = URL(fileURLWithPath: swiftc).deletingLastPathComponent().appendingPathComponent("swift").path
        return try Self.run(swift, ["package", "--package-path", folder.path, "dump-package"])
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
