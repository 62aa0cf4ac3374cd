import DynamicTypeAudit
import DynamicTypeCore
import Foundation
import InterfaceBuilderViews
import Testing

/// The text layout dump of Interface Builder views (`snapshot record --format text`): one line per
/// laid-out view, indented under its superview, with the file, the element's line, the IB object id
/// and the frame the layout gave it.
@Suite("Interface Builder: layout dump")
struct LayoutDumpTests {
    /// The numbers after `frame ` in a dump line: x, y, width, height.
    static func frame(in line: Substring) -> [Double]? {
        guard let range = line.range(of: " · frame ") else { return nil }
        let fields = line[range.upperBound...].prefix { $0 != "·" }.trimmingCharacters(in: .whitespaces)
        let numbers = fields.split(whereSeparator: { $0 == " " || $0 == "×" }).compactMap { Double($0) }
        return numbers.count == 4 ? numbers : nil
    }

    @Test("every view of a fixture has its line: file:line · id, its frame as laid out, indented by its depth", arguments: ["Main.storyboard", "two-label-cell.xib", "equal-spacing-stack.xib"])
    func viewLines(file: String) throws {
        let screen = try #require(try IBFile.read(path: IBFixtures.folder + "/" + file).first)
        for category in [ContentSizeCategory.large, .accessibility3] {
            let live = try IBFixtures.live(file, at: category)
            let dump = live.layoutDump(profile: .ios, findings: [])
            let lines = dump.split(separator: "\n")
            #expect(lines.first == "dyntype layout dump 1")
            for view in screen.views where !view.hidden {
                let marker = " · \(file):\(view.line) · id \(view.id)"
                let matching = lines.filter { $0.contains(marker) }
                #expect(matching.count == 1, "\(file) \(category): \(marker) in\n\(dump)")
                guard let line = matching.first else { continue }
                // Indented two spaces per superview.
                var depth = 0
                var parent = view.parent
                while let index = parent {
                    depth += 1
                    parent = screen.views[index].parent
                }
                let indent = line.prefix { $0 == " " }.count
                #expect(indent == 2 * depth, "\(line)")
                // The frame is the one laid out.
                let laidOut = try #require(live.laidOut.views.first { $0.path.hasSuffix("[\(view.id)]") })
                let numbers = try #require(Self.frame(in: line), "\(line)")
                let expected = [laidOut.frame.minX, laidOut.frame.minY, laidOut.frame.width, laidOut.frame.height]
                #expect(zip(numbers, expected).allSatisfy { abs($0 - $1) < 0.01 }, "\(line): \(expected)")
            }
        }
    }

    @Test("a hidden view and what it holds have no line (they are not drawn)")
    func hiddenViews() throws {
        let xib = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <view contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="200"/>
                        <subviews>
                            <view hidden="YES" contentMode="scaleToFill" id="hid">
                                <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                                <subviews>
                                    <label text="Inside" id="ins">
                                        <rect key="frame" x="0.0" y="0.0" width="50" height="21"/>
                                    </label>
                                </subviews>
                            </view>
                            <label text="Shown" id="shw">
                                <rect key="frame" x="0.0" y="120" width="60" height="21"/>
                            </label>
                        </subviews>
                    </view>
                </objects>
            </document>
            """.utf8)
        let screen = try #require(try IBFile.screens(in: xib, file: "/some/folder/Hidden.xib").first)
        let source = ScreenSource(screens: [InterfaceBuilderViewReader.document(screen, id: "hidden")])
        let live = try #require(
            try ViewRenderer.build(source.views[0], of: source, category: .large, settings: IBFixtures.settings, resolver: IBFixtures.resolver) as? ScreenLiveView)
        let dump = live.layoutDump(profile: .ios, findings: [])
        // The file's name only: dumps are committed, a machine's folders would differ.
        #expect(dump.contains(" · Hidden.xib:4 · id root"), "\(dump)")
        #expect(dump.contains(" · Hidden.xib:15 · id shw"), "\(dump)")
        #expect(!dump.contains("id hid") && !dump.contains("id ins"), "\(dump)")
        #expect(!dump.contains("/some/folder"))
    }
}
