import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSwiftUI
import FontSystem
import Foundation

/// The SwiftUI layout conformance suite's fixtures (Tests/DynamicTypeSwiftUITests/Fixtures/Conformance),
/// read once. Each fixture file holds plain SwiftUI views; above each view, comment lines give the
/// proposal it is laid out for and the frames SwiftUI gives its views, each with its source:
///
///     // propose: 200 x nil
///     // category: accessibility1            (optional; large by default)
///     // expect: Text#1 = 70 30 60 40 | swiftuifieldguide.com/layout/hstack/
///     struct TextBetweenColors: View { … }
///
/// `Text#1` is the first `Text` placed (a parent is placed before its children, in source order);
/// modifiers count by their names (`frame#2`, `padding#1`). Frames are x, y, width, height in the
/// view's own coordinates (its origin at 0, 0). Text is measured by ``FixedAdvanceTextMeasurer``:
/// 10 pt a character, 20 pt a line, so the expectations do not depend on fonts.
enum ConformanceSuite {
    /// The fixtures' folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Conformance").path

    /// One expected frame.
    struct Expectation: Sendable {
        var selector: String
        var frame: Rect
        var source: String
    }

    /// One fixture.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var file: String
        var proposal: Proposal
        var category: ContentSizeCategory
        var expectations: [Expectation]
        var description: String { name }
    }

    /// Every case, in file and source order.
    static let cases: [Case] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".swift") }.sorted() ?? []
        return files.flatMap { parse(file: folder + "/" + $0) }
    }()

    /// The views of every fixture file, by name.
    static let views: [String: ViewNode] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".swift") }.sorted() ?? []
        let project = SwiftUIProject.load(files: files.map { folder + "/" + $0 })
        return Dictionary(project.views.map { ($0.id, $0.root) }, uniquingKeysWith: { first, _ in first })
    }()

    /// The known-deviations file's lines that are not comments: `CaseName: why` for a case that
    /// differs, `- topic: why` for a difference no case shows.
    static let deviationLines: [String] = {
        let text = (try? String(contentsOfFile: folder + "/known-deviations.txt", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }()

    /// Known deviations with a case: case name → why the tool differs from SwiftUI there.
    static let deviations: [String: String] = {
        var result: [String: String] = [:]
        for line in deviationLines where !line.hasPrefix("-") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            result[line[..<colon].trimmingCharacters(in: .whitespaces)] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return result
    }()

    /// The cases of one file.
    static func parse(file: String) -> [Case] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        var cases: [Case] = []
        var proposal: Proposal?
        var category = ContentSizeCategory.large
        var expectations: [Expectation] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("// propose:") {
                let parts = line.dropFirst("// propose:".count).split(separator: "x").map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2 else { continue }
                proposal = Proposal(width: Double(parts[0]), height: Double(parts[1]))
            } else if line.hasPrefix("// category:") {
                category = (try? ContentSizeCategory(parsing: line.dropFirst("// category:".count).trimmingCharacters(in: .whitespaces))) ?? .large
            } else if line.hasPrefix("// expect:") {
                let body = line.dropFirst("// expect:".count)
                let halves = body.split(separator: "|", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                let sides = halves[0].split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
                let numbers = sides.count == 2 ? sides[1].split(separator: " ").compactMap { Double($0) } : []
                guard numbers.count == 4 else { continue }
                expectations.append(
                    Expectation(
                        selector: sides[0], frame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]),
                        source: halves.count == 2 ? halves[1] : ""))
            } else if line.hasPrefix("struct "), line.hasSuffix(": View {") {
                let name = String(line.dropFirst("struct ".count).prefix { $0 != ":" })
                if let proposal {
                    cases.append(
                        Case(name: name, file: (file as NSString).lastPathComponent, proposal: proposal, category: category, expectations: expectations))
                }
                proposal = nil
                category = .large
                expectations = []
            }
        }
        return cases
    }

    /// The frames `name` gets, by selector (`Text#1`), laid out as the case says.
    static func layOut(_ fixture: Case) throws -> [String: Rect] {
        guard let root = views[fixture.name] else { throw ConformanceError(description: "no view \(fixture.name) in \(fixture.file)") }
        let environment = ScreenLayoutEnvironment(
            resolver: try FontResolver.shared(), width: 393, height: 852, texts: LocalizedTexts(), scale: 2)
        let pass = SwiftUILayoutPass(environment: environment, category: fixture.category, measurer: FixedAdvanceTextMeasurer())
        let env = TextEnvironment()
        _ = try pass.size(root, fixture.proposal, env)
        try pass.place(root, at: Point(x: 0, y: 0), fixture.proposal, env, parent: nil)
        var counts: [String: Int] = [:]
        var frames: [String: Rect] = [:]
        for placed in pass.placements {
            counts[placed.node.name, default: 0] += 1
            frames["\(placed.node.name)#\(counts[placed.node.name]!)"] = placed.frame
        }
        return frames
    }

    /// Whether `source` names a source the suite accepts: OpenSwiftUI code or tests, Apple's
    /// documentation, or the SwiftUI Field Guide.
    static func isCitation(_ source: String) -> Bool {
        source.hasPrefix("OpenSwiftUI ") || source.contains("developer.apple.com/documentation/swiftui")
            || source.contains("swiftuifieldguide.com/")
    }

    struct ConformanceError: Error, CustomStringConvertible {
        var description: String
    }
}
