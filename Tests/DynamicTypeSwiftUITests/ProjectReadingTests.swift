import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
@testable import DynamicTypeSwiftUI
import Foundation
import Testing

/// Issue 33's "views found and shown right" on a small app (Fixtures/Project): views of one name in
/// two files, macOS-only code, a root GeometryReader in a store wrapper, UIKit fonts, state
/// switches that open with a loading case, and sizes kept as constants.
@Suite struct ProjectReadingTests {
    static let folder = Fixtures.folder.replacingOccurrences(of: "Fixtures/App", with: "Fixtures/Project")
    static let project = SwiftUIProject.load(files: SwiftUIProject.swiftFiles(at: folder))

    /// The view titled `title`.
    static func view(_ title: String) throws -> SwiftUIView {
        try #require(project.views.first { $0.title == title }, "no \(title) in \(project.views.map(\.title))")
    }

    /// The number of the first line of `file` (in the fixture folder) that starts with `text`.
    static func line(of text: String, in file: String) throws -> Int {
        let lines = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(text) }) + 1
    }

    /// The texts of a tree, depth first.
    static func texts(_ node: ViewNode) -> [String] {
        var result: [String] = []
        if case .text(let source) = node.kind {
            switch source {
            case .literal(let text), .keyWithoutArguments(let text), .key(let text): result.append(text)
            }
        }
        return result + node.children.flatMap(texts)
    }

    /// The view `id` built and checked at `category` on a 393 × 852 pt device.
    static func live(_ id: String, at category: ContentSizeCategory) throws -> (live: ScreenLiveView, findings: [Finding]) {
        let documents = SwiftUIDocuments.documents(project, files: [])
        let document = try #require(documents.first { $0.slug == id }, "no \(id) in \(documents.map(\.slug))")
        let source = ScreenSource(screens: [document], locales: [nil], strings: StringTable())
        let live = try ViewRenderer.build(source.views[0], of: source, category: category, settings: Fixtures.settings(), resolver: Fixtures.resolver)
        return (live as! ScreenLiveView, ViewRenderer.findings(of: live, profile: .ios, scale: 1, category: category))
    }

    /// Every node of view `title` placed on a 393 × 852 pt screen at `large`, with its frame.
    static func placements(_ title: String) throws -> [(node: ViewNode, frame: Rect)] {
        let root = try view(title).root
        let environment = ScreenLayoutEnvironment(resolver: Fixtures.resolver, width: 393, height: 852, texts: LocalizedTexts())
        let pass = SwiftUILayoutPass(environment: environment, category: .large)
        let proposal = Proposal(width: 393, height: 852)
        _ = try pass.size(root, proposal, TextEnvironment())
        try pass.place(root, at: Point(x: 0, y: 0), proposal, TextEnvironment(), parent: nil)
        return pass.placements
    }

    // MARK: 1. Names unique across files

    @Test func twoViewsOfOneNameAreBothReportedEachWithItsPath() throws {
        let homes = Self.project.views.filter { !$0.isPreview && $0.title.hasPrefix("HomeView") }
        #expect(homes.map(\.title) == ["HomeView (Feed/HomeView.swift)", "HomeView (Settings/HomeView.swift)"])
        #expect(Set(homes.map(\.id)).count == 2)
        #expect(Self.texts(homes[0].root) == ["Latest posts"])
        #expect(Self.texts(homes[1].root) == ["Account settings", "Notifications"])
        for home in homes {
            #expect(home.notes.contains { $0.message.hasPrefix("2 views are named HomeView (Feed/HomeView.swift, Settings/HomeView.swift)") })
        }
        // The preview in Feed/HomeView.swift shows that file's HomeView, not the other.
        #expect(Self.texts(try Self.view("Preview: Feed home").root) == ["Latest posts"])
    }

    @Test func aReferenceUsesItsOwnFilesViewThenAUniqueOneAndSaysWhenItGuesses() {
        let other = "struct Row: View { var body: some View { Text(\"B\") } }"
        var declarations = Declarations()
        declarations.read(source: "struct Row: View { var body: some View { Text(\"A\") } }\nstruct Screen: View { var body: some View { Row() } }", path: "/a/One.swift")
        declarations.read(source: other, path: "/b/Two.swift")
        declarations.read(source: "struct Elsewhere: View { var body: some View { Row() } }", path: "/c/Three.swift")
        #expect(declarations.view("Row", from: "/a/One.swift")?.path == "/a/One.swift")
        #expect(declarations.view("Row", from: "/b/Two.swift")?.path == "/b/Two.swift")
        #expect(declarations.isAmbiguous("Row", from: "/c/Three.swift"))
        #expect(!declarations.isAmbiguous("Row", from: "/a/One.swift"))
        #expect(!declarations.isAmbiguous("Screen", from: "/c/Three.swift"))
        #expect(DuplicateNames.places([("/x/A.swift", 3), ("/x/A.swift", 9), ("/y/A.swift", 2)]) == ["x/A.swift:3", "x/A.swift:9", "y/A.swift"])
    }

    // MARK: 2. macOS skipped and counted

    @Test func macOSOnlyFilesAndBranchesAreSkippedAndCounted() throws {
        #expect(!Self.project.views.contains { $0.title.contains("MacSidebar") })
        let skipped = Self.project.problems.filter { $0.file.hasSuffix("Mac/MacSidebar.swift") }
        #expect(skipped.map(\.reason) == ["line 1: imports AppKit and not UIKit: a macOS-only file (macOS has no Dynamic Type); its views are not read"])
        let macLine = try Self.line(of: "#if os(macOS)", in: "DashboardScreen.swift")
        let branches = Self.project.problems.filter { $0.file.hasSuffix("DashboardScreen.swift") }
        #expect(branches.map(\.reason) == ["line \(macLine): 1 macOS branch (#if os(macOS), canImport(AppKit)) skipped: macOS has no Dynamic Type; the iOS code is read"])
        let texts = Self.texts(try Self.view("DashboardScreen").root)
        #expect(texts.contains("Pull to refresh"))
        #expect(!texts.contains("Press ⌘R to refresh"))
    }

    @Test("#if conditions as an iOS build compiles them")
    func platformConditions() {
        func taken(_ source: String) -> [String] {
            Self.texts(SwiftUIProject.parse("struct V: View { var body: some View { VStack {\n\(source)\n} } }").views[0].root)
        }
        #expect(taken("#if os(iOS)\nText(\"i\")\n#else\nText(\"m\")\n#endif") == ["i"])
        #expect(taken("#if os(macOS)\nText(\"m\")\n#elseif os(iOS)\nText(\"i\")\n#endif") == ["i"])
        #expect(taken("#if canImport(AppKit)\nText(\"m\")\n#else\nText(\"u\")\n#endif") == ["u"])
        #expect(taken("#if canImport(UIKit) && !os(watchOS)\nText(\"u\")\n#endif") == ["u"])
        #expect(taken("#if os(macOS) || os(tvOS)\nText(\"m\")\n#endif") == [])
        // Unknown flags are taken, as a debug build for iOS takes `#if DEBUG`.
        #expect(taken("#if DEBUG\nText(\"d\")\n#else\nText(\"r\")\n#endif") == ["d"])
        // A view's members under `#if` count too.
        let members = SwiftUIProject.parse(
            "struct V: View {\n#if os(macOS)\nvar body: some View { Text(\"m\") }\n#else\nvar body: some View { Text(\"i\") }\n#endif\n}")
        #expect(members.views.map { Self.texts($0.root) } == [["i"]])
        #expect(members.problems.count == 1)
    }

    // MARK: 3. GeometryReader and wrappers

    @Test func aRootGeometryReaderInAStoreWrapperIsLaidOutAsItsContent() throws {
        let view = try Self.view("DashboardScreen")
        #expect(view.root.opaqueNodes.isEmpty, "\(view.root.opaqueNodes.map(\.name))")
        let (live, findings) = try Self.live("DashboardScreen", at: .large)
        #expect(!findings.contains { $0.message.contains("opaque box") || $0.message.hasPrefix("coverage") }, "\(findings)")
        // Its texts are laid out, in a column from the top leading corner (where a GeometryReader
        // places its content), not as one grey box.
        let texts = live.laidOut.views.filter { $0.kind == .label }
        #expect(texts.count == 4, "\(live.laidOut.views.map(\.path))")
        let first = try #require(texts.first)
        #expect(first.frame.minY == 0, "\(first.frame)")
        // `.frame(width: proxy.size.width * 0.5)`: half of the 393 pt the root reader is offered.
        #expect(texts.allSatisfy { $0.frame.minX >= 0 && $0.frame.maxX <= 393 * 0.5 }, "\(texts.map(\.frame))")
        for (upper, lower) in zip(texts, texts.dropFirst()) {
            #expect(lower.frame.minY >= upper.frame.minY + upper.frame.height, "\(upper.frame) then \(lower.frame)")
        }
    }

    @Test func passThroughWrappersAreTheirContent() {
        let project = SwiftUIProject.parse(
            """
            struct V: View {
                var body: some View {
                    WithPerceptionTracking {
                        TimelineView(.periodic(from: .now, by: 1)) { context in
                            Group { AnyView(Text("Now")) }
                        }
                    }
                }
            }
            """)
        #expect(Self.texts(project.views[0].root) == ["Now"])
        #expect(project.views[0].root.opaqueNodes.isEmpty)
    }

    // MARK: 4. UIKit fonts

    @Test func uiKitFontsAreTheirStylesScaledSizesOrFixedSizes() throws {
        let root = try Self.view("DashboardScreen").root
        var fonts: [String: FontChoice] = [:]
        func collect(_ node: ViewNode, _ font: FontChoice?) {
            var font = font
            if case .environment(.font(let choice)) = node.kind { font = choice }
            if case .text = node.kind, let text = Self.texts(node).first { fonts[text] = font }
            for child in node.children { collect(child, font) }
        }
        collect(root, nil)
        #expect(fonts["Dashboard"] == .style(.title1))
        #expect(fonts["Updated just now"]?.size == 13 && fonts["Updated just now"]?.relativeTo == .footnote)
        #expect(fonts["v2.1"]?.size == 10 && fonts["v2.1"]?.relativeTo == nil)
        // Only the fixed size does not scale.
        let (_, findings) = try Self.live("DashboardScreen", at: .accessibility1)
        let notScaling = findings.filter { $0.kind == .notScaling }
        #expect(notScaling.count == 1, "\(notScaling)")
        #expect(notScaling.first?.element.contains("DashboardScreen.swift:\(try Self.line(of: "Text(\"v2.1\")", in: "DashboardScreen.swift"))") == true)
    }

    // MARK: 5. Branches with content

    @Test func aStateSwitchShowsItsFirstCaseWithContent() throws {
        let orders = try Self.view("OrdersScreen")
        #expect(Self.texts(orders.root) == ["Your orders", "3 orders on their way"])
        #expect(orders.root.opaqueNodes.isEmpty)
        #expect(orders.notes.contains { $0.message.contains("case 2, the first with content, is shown") })
        #expect(orders.notes.contains { $0.message.contains("branch 2, the first with content, is shown") })
        // When every branch is a placeholder, the first is shown.
        let placeholders = SwiftUIProject.parse(
            "struct V: View { var body: some View { if loading { ProgressView().padding() } else { Color.clear } } }").views[0]
        #expect(placeholders.notes.first?.message.hasSuffix("its first branch is shown") == true)
    }
}

/// `? :` between views, as the parser leaves it (one unfolded sequence).
@Suite struct TernaryViewTests {
    static func texts(_ body: String, declarations: String = "") -> (texts: [String], notes: [String]) {
        let view = SwiftUIProject.parse("\(declarations)\nstruct V: View { var body: some View { \(body) } }").views.first { $0.title == "V" }!
        return (ProjectReadingTests.texts(view.root), view.notes.map(\.message))
    }

    @Test func theConditionTheFileSettlesPicksTheView() {
        let limits = "enum Limits { static let count = 2; static let wide = false }"
        #expect(Self.texts("Limits.count > 3 ? Text(\"many\") : Text(\"few\")", declarations: limits).texts == ["few"])
        #expect(Self.texts("Limits.wide ? Text(\"a\") : Limits.count == 2 ? Text(\"b\") : Text(\"c\")", declarations: limits).texts == ["b"])
        #expect(Self.texts("Limits.wide ? Text(\"a\") : Limits.wide ? Text(\"b\") : Text(\"c\")", declarations: limits).texts == ["c"])
        let unsettled = Self.texts("model.items.count > 3 ? Text(\"many\") : Text(\"few\")")
        #expect(unsettled.texts == ["many"])
        #expect(unsettled.notes == ["model.items.count > 3 ? … : the file does not settle it; the first view is shown"])
    }
}

/// A GeometryReader's proxy: its size is what the reader is offered.
@Suite struct GeometryProxyTests {
    /// The frames of the stacks (a `ZStack` is one) of the view `V` in `source`, laid out at
    /// `large` on a 393 × 852 pt device.
    static func stackFrames(_ source: String) throws -> [Rect] {
        let project = SwiftUIProject.parse(source, path: "V.swift")
        let document = try #require(SwiftUIDocuments.documents(project, files: []).first)
        let screens = ScreenSource(screens: [document], locales: [nil], strings: StringTable())
        let live = try ViewRenderer.build(screens.views[0], of: screens, category: .large, settings: Fixtures.settings(), resolver: Fixtures.resolver)
        return (live as! ScreenLiveView).laidOut.views.filter { $0.kind == .stack }.map(\.frame)
    }

    @Test func aRootReadersProxyIsTheScreensSize() throws {
        let frames = try Self.stackFrames(
            """
            struct V: View {
                var body: some View {
                    GeometryReader { proxy in
                        ZStack { Color.red }
                            .frame(width: proxy.size.width * 0.5 - 16, height: proxy.size.height / 4)
                    }
                    .font(.body)
                }
            }
            """)
        #expect(frames.map(\.size) == [Size(width: 393 * 0.5 - 16, height: 852 / 4)])
    }

    @Test func aNestedReadersProxyIsWhatItsStackOffersIt() throws {
        // Below a header, the reader is offered the column's width: half of it is 393 / 2.
        let column = try Self.stackFrames(
            """
            struct V: View {
                var body: some View {
                    VStack {
                        Text("Header")
                        GeometryReader { proxy in
                            ZStack { Color.red }.frame(width: proxy.size.width * 0.5, height: 40)
                        }
                    }
                }
            }
            """)
        #expect(column.contains { $0.width == 393 * 0.5 && $0.height == 40 }, "\(column)")
        // Beside a 93 pt column in a row without spacing, the reader is offered the other 300 pt
        // (the least flexible child first: SwiftUI's stack algorithm), and an inner reader what
        // the outer one's content offers it; the outer proxy stays in scope inside the inner one.
        let row = try Self.stackFrames(
            """
            struct V: View {
                var body: some View {
                    HStack(spacing: 0) {
                        Color.blue.frame(width: 93)
                        GeometryReader { outer in
                            GeometryReader { inner in
                                ZStack { Color.red }.frame(width: inner.size.width * 0.5, height: outer.size.width / 10)
                            }
                            .frame(width: outer.size.width - 100)
                        }
                    }
                }
            }
            """)
        #expect(row.contains { $0.width == 100 && $0.height == 30 }, "\(row)")
    }

    @Test func proxyLengthsCombineLinearlyOnly() throws {
        let project = SwiftUIProject.parse(
            """
            struct V: View {
                var body: some View {
                    GeometryReader { g in
                        VStack {
                            Color.red.frame(width: -g.size.width / 2 + 300)
                            Color.red.frame(width: g.size.width * g.size.height)
                        }
                    }
                }
            }
            """)
        var specs: [FrameSpec] = []
        var pending = [project.views[0].root]
        while let node = pending.popLast() {
            if case .frame(let spec) = node.kind, spec.minWidth == nil { specs.append(spec) }
            pending += node.children
        }
        let widths = specs.map(\.width)
        #expect(widths.contains { $0?.points == 300 && $0?.proxy == ProxyShare(reader: 1, width: -0.5, height: 0) }, "\(widths)")
        // A product of two sizes is no length: left out.
        #expect(widths.contains { $0 == nil })
    }
}
