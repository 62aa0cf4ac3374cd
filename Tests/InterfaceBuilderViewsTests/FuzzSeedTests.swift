import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import InterfaceBuilderViews
import Testing

/// The committed seeds of the `interface-builder-views` fuzz target (Fuzz/Corpus, docs/fuzzing.md)
/// read and laid out as the target does: a seed that stopped reading would leave the fuzzer
/// starting from nothing, and inputs it found stay fixed here.
@Suite("Interface Builder: fuzz seeds")
struct FuzzSeedTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Corpus/interface-builder-views").standardizedFileURL.path

    /// Every seed's name.
    static var seeds: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// `bytes` laid out as the fuzz target lays them out: each screen at large and accessibility5.
    static func layOut(_ bytes: [UInt8], file: String) throws -> [ContentSizeCategory: [ScreenLiveView]] {
        let screens = try IBFile.screens(in: bytes, file: file)
        var result: [ContentSizeCategory: [ScreenLiveView]] = [:]
        for (index, screen) in screens.enumerated() {
            let source = ScreenSource(screens: [InterfaceBuilderViewReader.document(screen, id: "seed-\(index)")])
            for category in [ContentSizeCategory.large, .accessibility5] {
                let live = try ViewRenderer.build(source.views[0], of: source, category: category, settings: IBFixtures.settings, resolver: IBFixtures.resolver)
                result[category, default: []].append(try #require(live as? ScreenLiveView))
            }
        }
        return result
    }

    @Test("the seeds are there, the fixtures among them")
    func present() {
        #expect(Set(Self.seeds).isSuperset(of: ["Main.storyboard", "two-label-cell.xib", "features.storyboard"]), "\(Self.seeds)")
    }

    /// Seeds that are inputs the reader refuses, with what the refusal says.
    static let refused: [String: (line: Int, message: String)] = [
        "oom-wide-root.xib": (5, "the root view wide is 100000 pt wide; views are laid out up to 4000 pt wide")
    ]

    @Test("every seed reads into screens and lays out with finite frames at large and accessibility5", arguments: FuzzSeedTests.seeds)
    func seedLaysOut(name: String) throws {
        guard Self.refused[name] == nil else { return }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/" + name)))
        let laidOut = try Self.layOut(bytes, file: name)
        #expect(!(laidOut[.large] ?? []).isEmpty, "\(name): no screen")
        for (category, views) in laidOut {
            for live in views {
                for view in live.laidOut.views {
                    let frame = view.frame
                    let finite = [frame.minX, frame.minY, frame.width, frame.height].allSatisfy { $0.isFinite }
                    #expect(finite, "\(name) \(category): \(view.path)")
                }
            }
        }
    }

    @Test("the hand-written seed reaches what the fixtures do not: a scroll view's guides, nested stacks, a text field, a configured button, an image, a switch, a landscape device under a navigation bar")
    func featuresSeed() throws {
        let screens = try IBFile.read(path: Self.corpus + "/features.storyboard")
        let scene = try #require(screens.first)
        #expect(scene.name == "Form" && scene.landscape && scene.designDevice == "retina5_9")
        #expect(scene.simulatedBars.top == 44)
        #expect(scene.views.map(\.element) == ["view", "scrollView", "stackView", "textField", "button", "stackView", "imageView", "label", "switch"])
        #expect(scene.views[3].text?.text == "Email")
        #expect(scene.views[4].text?.buttonConfiguration == true && scene.views[4].text?.text == "Continue")
        #expect(scene.imageSizes["icon"] == Size(width: 24, height: 24))
        #expect(Set(scene.guides.values.map(\.kind)).isSuperset(of: [.scrollContent, .scrollFrame, .safeArea]))
        let large = try #require(try Self.layOut(Array(try Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/features.storyboard"))), file: "features.storyboard")[.large]?.first)
        let field = try #require(large.laidOut.views.first { $0.path.contains("[fld]") })
        let button = try #require(large.laidOut.views.first { $0.path.contains("[btn]") })
        // The vertical stack puts the button 8 pt under the field.
        #expect(abs(button.frame.minY - field.frame.maxY - 8) < 0.01, "\(field.frame) \(button.frame)")
    }

    @Test("a root view recorded 100,000 pt wide (its image would need gigabytes, or trap the canvas at scale 2) is refused at its line")
    func wideRoot() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/oom-wide-root.xib")))
        let expected = try #require(Self.refused["oom-wide-root.xib"])
        do {
            _ = try IBFile.screens(in: bytes, file: "oom-wide-root.xib")
            Issue.record("a root view 100,000 pt wide was read")
        } catch {
            #expect(error.line == expected.line && error.message.hasPrefix(expected.message), "\(error)")
        }
        // A root as wide as the widest --width is still laid out, at that width.
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "width=\"100000\" height=\"20000\"", with: "width=\"4000\" height=\"100\"")
        let laidOut = try #require(try Self.layOut(Array(text.utf8), file: "wide.xib")[.large]?.first)
        #expect(laidOut.laidOut.size.width == 4000)
    }
}
