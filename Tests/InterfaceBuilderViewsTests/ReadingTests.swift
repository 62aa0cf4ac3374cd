import DynamicTypeCore
import Foundation
import InterfaceBuilderViews
import Testing

/// Interface Builder files read into screens: scenes, top-level views and cell prototypes with
/// their ids and lines, constraints with IB's defaulted items, fonts and stacks; and hostile input
/// refused with the line and why.
@Suite("Interface Builder: reading")
struct ReadingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    @Test("a storyboard gives its scene and its table's cell prototype, named and located")
    func storyboardScreens() throws {
        let screens = try IBFile.read(path: Self.fixtures + "/Main.storyboard")
        #expect(screens.map(\.name) == ["Login", "AccountCell"])
        #expect(screens.map(\.role) == [.scene, .cell])
        let scene = screens[0]
        #expect(scene.line == 7)  // the view controller's line
        #expect(scene.designDevice == "retina6_1")
        // The table is an opaque box of the scene; its prototype is not one of the scene's views.
        #expect(scene.views.map(\.element) == ["view", "label", "button", "tableView"])
        let label = scene.views[1]
        #expect(label.line == 12)
        #expect(label.text?.font == .textStyle(.title1))
        #expect(label.text?.numberOfLines == 0)
        #expect(label.text?.adjustsFontForContentSizeCategory == true)
        #expect(label.frame == Rect(x: 20, y: 64, width: 374, height: 41))
        #expect(scene.views[2].text?.text == "Sign in")
        // Constraint items default to the view holding them: `trailingMargin` of the root.
        let trailing = try #require(scene.views[0].constraints.first { $0.id == "k03-aa-bbb" })
        #expect(trailing.firstItem == "v01-aa-bbb")
        #expect(trailing.firstAttribute == .trailingMargin)
        #expect(trailing.secondItem == "l01-aa-bbb")
        #expect(scene.guides["sa1-aa-bbb"] == IBGuide(owner: 0, kind: .safeArea))
    }

    @Test("a xib cell: priorities, stack attributes, a width constraint without items")
    func xibDetails() throws {
        let cell = try #require(try IBFile.read(path: Self.fixtures + "/two-label-cell.xib").first)
        #expect(cell.role == .cell)
        #expect(cell.name == "SettingCell")
        let title = cell.views[2], value = cell.views[3]
        #expect(title.compressionResistance.horizontal == 250)
        #expect(value.hugging.horizontal == 750)
        let stack = try #require(try IBFile.read(path: Self.fixtures + "/equal-spacing-stack.xib").first?.views[1].stack)
        #expect(stack.distribution == "equalSpacing" && stack.spacing == 8 && !stack.vertical)
        let label = try #require(try IBFile.read(path: Self.fixtures + "/fixed-height-label.xib").first?.views[1])
        let height = try #require(label.constraints.first)
        #expect(height.firstItem == "lbl-02-abc" && height.firstAttribute == .height && height.secondItem == nil && height.constant == 44)
    }

    /// `body` wrapped in a xib document with one top-level view.
    static func xib(_ body: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <view contentMode="scaleToFill" id="root">
                        \(body)
                    </view>
                </objects>
            </document>
            """.utf8)
    }

    @Test(
        "bad input is refused with its line and why",
        arguments: [
            ("<constraints><constraint firstAttribute=\"width\" constant=\"nan\" id=\"c\"/></constraints>", "not a finite number"),
            ("<constraints><constraint firstAttribute=\"width\" constant=\"1e9\" id=\"c\"/></constraints>", "out of range"),
            ("<constraints><constraint firstAttribute=\"sideways\" id=\"c\"/></constraints>", "not a layout attribute"),
            ("<constraints><constraint firstAttribute=\"width\" multiplier=\"1:0\" id=\"c\"/></constraints>", "not a multiplier"),
            ("<subviews><label id=\"l\" horizontalHuggingPriority=\"2000\"/></subviews>", "out of range"),
            ("<subviews><label id=\"l\" numberOfLines=\"-1\"/></subviews>", "out of range"),
            ("<rect key=\"frame\" x=\"0\" y=\"0\" width=\"-5\" height=\"10\"/>", "out of range"),
            ("<subviews><label id=\"l\"></subviews>", "not well-formed XML"),
            ("<subviews><label id=\"l\" semanticContentAttribute=\"upsideDown\"/></subviews>", "is not one UIKit has"),
            ("<subviews><tableViewCell id=\"c\" accessoryType=\"sparkle\"/></subviews>", "is not an accessory UIKit has"),
            ("<collectionViewFlowLayout key=\"collectionViewLayout\" id=\"f\"><size key=\"itemSize\" width=\"-1\" height=\"5\"/></collectionViewFlowLayout>", "out of range"),
        ])
    func refused(body: String, reason: String) throws {
        do {
            _ = try IBFile.screens(in: Self.xib(body), file: "bad.xib")
            Issue.record("read although \(reason)")
        } catch {
            #expect(error.message.contains(reason), "\(error)")
            #expect((4...6).contains(error.line), "\(error)")
        }
    }

    @Test("the guards lint applies refuse a processing instruction and UTF-7 before the parser")
    func sharedGuards() throws {
        #expect(throws: IBReadError.self) { try IBFile.screens(in: Array("<?xml version=\"1.0\"?><a><?xm--?></a>".utf8), file: "pi.xib") }
        #expect(throws: IBReadError.self) { try IBFile.screens(in: [0x2B, 0x2F, 0x76, 0x38] + Array("<a/>".utf8), file: "utf7.xib") }
        // UTF-16 is transcoded and read.
        let utf16 = Array(String(decoding: Self.xib("<rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/>"), as: UTF8.self).utf16)
        let bytes: [UInt8] = [0xFF, 0xFE] + utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try IBFile.screens(in: bytes, file: "utf16.xib").first?.views.first?.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test("nesting deeper than the limit is refused, not recursed into")
    func deepNesting() throws {
        let depth = IBLimits.maximumDepth + 10
        let body = String(repeating: "<subviews><view id=\"v\">", count: depth) + String(repeating: "</view></subviews>", count: depth)
        #expect(throws: IBReadError.self) { try IBFile.screens(in: Self.xib(body), file: "deep.xib") }
    }

    @Test("a missing file is unreadable, named")
    func missing() throws {
        #expect(throws: IBFileError.self) { try IBFile.read(path: Self.fixtures + "/none.xib") }
    }
}

/// A macOS document is valid input of another platform: left out with a warning, not as invalid.
@Suite("Interface Builder: other platforms")
struct OtherPlatformTests {
    @Test("a Cocoa xib is unsupported, with its line")
    func cocoa() throws {
        let bytes = Array(#"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.Cocoa.XIB" targetRuntime="MacOSX.Cocoa"><objects/></document>"#.utf8)
        do {
            _ = try IBFile.screens(in: bytes, file: "mac.xib")
            Issue.record("a macOS document was read")
        } catch {
            #expect(error.unsupported)
            #expect(error.message.contains("MacOSX.Cocoa"))
        }
    }
}
