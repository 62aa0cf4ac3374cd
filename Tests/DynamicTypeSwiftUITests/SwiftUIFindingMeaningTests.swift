import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
@testable import DynamicTypeSwiftUI
import Foundation
import Testing

/// Findings mean what they mean in SwiftUI (issue 33, item 4): content past an unclipped frame
/// overflows it and covers its neighbours, it is `clipped` only under `.clipped()`; resizable
/// images fill their frames; a scroll view's content is scrolled to, not off screen;
/// `minimumScaleFactor` shrinks a line before it truncates. Fixtures in Fixtures/Findings; every
/// outcome that depends on the fonts is computed from the layout at that category.
@Suite struct SwiftUIFindingMeaningTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Findings").path
    nonisolated(unsafe) static let documents = try! SwiftUIDocuments.load([folder]).documents

    /// The view `id` built at `category`.
    static func live(_ id: String, at category: ContentSizeCategory) throws -> ScreenLiveView {
        let document = try #require(documents.first { $0.slug == id }, "no view \(id) in \(documents.map(\.slug))")
        let source = ScreenSource(screens: [document])
        return try ViewRenderer.build(source.views[0], of: source, category: category, settings: Fixtures.settings(), resolver: Fixtures.resolver)
            as! ScreenLiveView
    }

    /// The findings of view `id` at `category`.
    static func findings(_ id: String, at category: ContentSizeCategory) throws -> [Finding] {
        ViewRenderer.findings(of: try live(id, at: category), profile: .ios, scale: 1, category: category)
    }

    // MARK: Images

    @Test func resizableImagesFillTheirFramesAtEverySize() throws {
        for category in ContentSizeCategory.allCases {
            let findings = try Self.findings("ResizableIcons", at: category).filter { $0.kind != .missingTranslation }
            let frameFindings = findings.filter { [.clipped, .overflow, .overlapping, .offScreen].contains($0.kind) }
            #expect(frameFindings.isEmpty, "\(category.name): \(frameFindings)")
            // Both images are exactly the 24 pt frames they were given.
            let images = try Self.live("ResizableIcons", at: category).laidOut.views.filter { $0.kind == .image }
            #expect(images.count == 2)
            #expect(images.allSatisfy { $0.frame.width == 24 && $0.frame.height == 24 }, "\(category.name): \(images.map(\.frame))")
        }
    }

    @Test func anAssetImageOfUnknownSizeIsAnInfoNoteAtMost() throws {
        var noted = false
        for category in ContentSizeCategory.allCases {
            let findings = try Self.findings("AssetIcon", at: category).filter { $0.element.contains("Icons.swift") && $0.kind != .missingTranslation }
            #expect(findings.allSatisfy { $0.severity == .info }, "\(category.name): \(findings)")
            noted = noted || findings.contains { $0.kind == .overflow && $0.message.contains("without .resizable()") }
            // Drawn at its frame's size, so it covers nothing around it.
            let image = try #require(try Self.live("AssetIcon", at: category).laidOut.views.first { $0.kind == .image })
            #expect(image.frame.width <= 24 && image.frame.height <= 24, "\(image.frame)")
        }
        // The 44 pt stand-in does not fit 24 pt: the note says the size is a guess.
        #expect(noted)
    }

    @Test func sfSymbolsFollowTheirFont() throws {
        for category in ContentSizeCategory.allCases {
            let live = try Self.live("SymbolFonts", at: category)
            let symbols = live.laidOut.views.filter { $0.kind == .image }.sorted { $0.frame.minY < $1.frame.minY }
            #expect(symbols.count == 2)
            guard symbols.count == 2 else { continue }
            // Each is 1.2 × its font's point size at this category (docs/swiftui.md), square.
            let environment = ScreenLayoutEnvironment(resolver: Fixtures.resolver, width: 393, height: 852, texts: LocalizedTexts())
            for (symbol, style) in zip(symbols, [TextStyle.caption1, .largeTitle]) {
                let size = try ExternalLayout.pointSize(.style(style), category: category, environment: environment)
                #expect(symbol.frame.width == (size * 1.2).rounded(), "\(category.name) \(style): \(symbol.frame)")
                #expect(symbol.frame.height == symbol.frame.width)
            }
        }
    }

    // MARK: Scroll views

    @Test func aHorizontalScrollersCardsAreNeverOffScreen() throws {
        for category in ContentSizeCategory.allCases {
            let live = try Self.live("CardScroller", at: category)
            let offScreen = ViewRenderer.findings(of: live, profile: .ios, scale: 1, category: category).filter { $0.kind == .offScreen }
            #expect(offScreen.isEmpty, "\(category.name): \(offScreen)")
            // The row is wider than the screen (ten 160 pt cards), and the cards on screen are drawn.
            let cards = live.laidOut.views.filter { $0.path.hasPrefix("Text") }
            #expect(!cards.isEmpty)
            #expect(cards.allSatisfy { $0.frame.maxX <= live.laidOut.size.width + 0.5 })
            #expect(10 * 160 > live.laidOut.size.width)
        }
    }

    @Test func aVerticalScrollersRowsBelowItAreBelowFold() throws {
        for category in [ContentSizeCategory.large, .accessibility5] {
            let findings = try Self.findings("RowScroller", at: category)
            #expect(findings.filter { $0.kind == .offScreen || $0.kind == .clipped }.isEmpty, "\(category.name): \(findings)")
            let below = findings.filter { $0.kind == .belowFold }
            #expect(below.count == 1, "\(category.name): \(findings)")
            #expect(below.first?.severity == .info)
        }
    }

    // MARK: Frames

    /// The height of the label's one line at `category`, as laid out.
    static func lineHeight(at category: ContentSizeCategory) throws -> Double {
        let live = try live("OverflowingLabel", at: category)
        return try #require(live.laidOut.views.first { $0.text != nil }).frame.height
    }

    @Test func textPastAnUnclippedFrameOverflowsItAndCoversItsNeighbour() throws {
        var overflowed = false, fitted = false
        for category in ContentSizeCategory.allCases {
            let height = try Self.lineHeight(at: category)
            let findings = try Self.findings("OverflowingLabel", at: category)
            let overflows = height > 30.5
            overflowed = overflowed || overflows
            fitted = fitted || !overflows
            #expect(findings.filter { $0.kind == .clipped }.isEmpty, "\(category.name): \(findings)")
            let overflow = findings.filter { $0.kind == .overflow }
            #expect(overflow.count == (overflows ? 1 : 0), "\(category.name) line \(height): \(findings)")
            #expect(overflow.allSatisfy { $0.severity == .warning && $0.element.contains("frame Labels.swift:") })
            // Centred in the 30 pt frame, the line reaches (height - 30) / 2 below it, over the bar.
            let covers = (height - 30) / 2 > 0.5
            let overlapping = findings.filter { $0.kind == .overlapping }
            #expect(overlapping.isEmpty == !covers, "\(category.name) line \(height): \(findings)")
            #expect(overlapping.allSatisfy { $0.message.contains("Color") })
        }
        // The fixture shows both outcomes.
        #expect(overflowed && fitted)
    }

    @Test func textPastAClippedFrameIsClipped() throws {
        for category in ContentSizeCategory.allCases {
            let height = try Self.lineHeight(at: category)
            let findings = try Self.findings("ClippedLabel", at: category)
            let clipped = findings.filter { $0.kind == .clipped }
            #expect(clipped.count == (height > 30.5 ? 1 : 0), "\(category.name) line \(height): \(findings)")
            #expect(clipped.allSatisfy { $0.severity == .error && $0.message.contains("Order summary") })
            // Cut at the frame: it overflows nothing and covers nothing.
            #expect(findings.filter { $0.kind == .overflow || $0.kind == .overlapping }.isEmpty, "\(category.name): \(findings)")
            let text = try #require(try Self.live("ClippedLabel", at: category).laidOut.views.first { $0.text != nil })
            #expect(text.frame.height <= 30 + 1e-9)
        }
    }

    @Test func clippingModifiersAreReadAndDoNotChangeLayout() throws {
        // Each clipping modifier becomes a clip node around what it modifies.
        for modifier in [".clipped()", ".clipShape(Circle())", ".mask { Color.black }", ".cornerRadius(8)"] {
            let source = """
                import SwiftUI
                struct Badge: View {
                    var body: some View {
                        Text("New").frame(height: 10)\(modifier)
                    }
                }
                """
            let root = SwiftUIProject.parse(source, path: "Badge.swift").views[0].root
            guard case .clip = root.kind else {
                Issue.record("\(modifier) read as \(root.name)")
                continue
            }
            guard case .frame = root.children.first?.kind else {
                Issue.record("\(modifier) wraps \(root.children.first?.name ?? "nothing")")
                continue
            }
        }
        // The bar under the label is where it is with or without `.clipped()`.
        for category in ContentSizeCategory.allCases {
            func bar(_ id: String) throws -> Rect? {
                try Self.live(id, at: category).laidOut.views.first { $0.path.hasPrefix("Color") }?.frame
            }
            let unclipped = try bar("OverflowingLabel"), clipped = try bar("ClippedLabel")
            #expect(unclipped != nil && unclipped == clipped, "\(category.name): \(String(describing: unclipped)) \(String(describing: clipped))")
        }
    }

    // MARK: minimumScaleFactor

    @Test func minimumScaleFactorShrinksALineBeforeItTruncates() throws {
        var shrankInsteadOfTruncating = false
        for category in ContentSizeCategory.allCases {
            // The title's width on one line at this category, from the view at its ideal size.
            let natural = try #require(try Self.live("NaturalTitle", at: category).laidOut.views.first { $0.text != nil }).frame.width
            func truncations(_ id: String) throws -> [Finding] {
                try Self.findings(id, at: category).filter { $0.kind == .truncated && $0.severity >= .warning }
            }
            let plain = try truncations("PlainTitle")
            #expect(plain.isEmpty == (natural <= 200.5), "\(category.name) natural \(natural): \(plain)")
            guard !plain.isEmpty else { continue }
            // Where the plain title truncates, the shrinking one first shrinks: it is truncated
            // only once at half its size, and otherwise fits the 200 pt on one line.
            let shrinking = try truncations("ShrinkingTitle")
            let text = try #require(try Self.live("ShrinkingTitle", at: category).laidOut.views.first { $0.text != nil }?.text)
            if shrinking.isEmpty {
                shrankInsteadOfTruncating = true
                #expect(text.shrinkScale >= 0.5 && text.shrinkScale < 1, "\(category.name): \(text.shrinkScale)")
                #expect(!text.isTruncated)
                #expect((text.lines.map(\.textWidth).max() ?? 0) <= 200 + 1e-6)
            } else {
                #expect(text.shrinkScale == 0.5, "\(category.name): truncated at \(text.shrinkScale) of its size: \(shrinking)")
            }
        }
        // The fixture shows a title that shrinks instead of truncating.
        #expect(shrankInsteadOfTruncating)
    }
}
