import DynamicTypeCore
import Foundation
import Testing
import TextStack

@testable import DynamicTypeScreens

@Suite("Screen files: decoding")
struct ScreenFileDecodeTests {
    @Test("the JSON fixture decodes to the hand-written model, kind by kind")
    func jsonKinds() throws {
        let screen = try ScreenFile.load(path: ScreenFileFixtures.fixture("kinds.screen.json"))
        let expected = ScreenFileFixtures.kinds
        #expect(screen.views.map(\.kind) == ScreenView.Kind.allCases)
        for (decoded, written) in zip(screen.views, expected.views) { #expect(decoded == written, "\(written.kind)") }
        #expect(screen == expected)
    }

    @Test("the YAML fixture decodes to the same model")
    func yamlKinds() throws {
        #expect(try ScreenFile.load(path: ScreenFileFixtures.fixture("kinds.screen.yaml")) == ScreenFileFixtures.kinds)
    }

    @Test("omitted fields take the model's defaults")
    func defaults() throws {
        let json = #"{"schemaVersion": 1, "name": "D", "views": [{"kind": "label", "id": "a", "text": "A"}, {"kind": "button", "id": "b", "key": "B"}]}"#
        let screen = try ScreenFile.decode(Data(json.utf8), origin: "d.screen.json", format: .json)
        #expect(
            screen
                == Screen(
                    name: "D",
                    views: [
                        .label(LabelSpec(id: "a", text: .literal("A"))),
                        .button(ButtonSpec(id: "b", title: LabelSpec(id: "b", text: .key("B")))),
                    ]))
    }

    @Test("quoted YAML scalars stay strings; plain ones are typed")
    func yamlScalars() throws {
        let yaml = "schemaVersion: 1\nname: '12'\nviews:\n  - {kind: label, id: '1', text: 'true', lines: 3}\n"
        let screen = try ScreenFile.decode(Data(yaml.utf8), origin: "s.screen.yaml", format: .yaml)
        #expect(screen.name == "12")
        #expect(screen.views == [.label(LabelSpec(id: "1", text: .literal("true"), lines: 3))])
    }

    @Test("screen file names")
    func names() {
        #expect(ScreenFile.isScreenFile("a/checkout.screen.json"))
        #expect(ScreenFile.isScreenFile("Profile.SCREEN.yml"))
        #expect(ScreenFile.isScreenFile("p.screen.yaml"))
        #expect(!ScreenFile.isScreenFile("checkout.json"))
        #expect(!ScreenFile.isScreenFile("screen.json"))
        #expect(ScreenFile.Format(path: "x.screen.yml") == .yaml)
    }

    @Test("every example screen decodes")
    func examples() throws {
        let files = ScreenFileFixtures.screenFiles(in: ScreenFileFixtures.examplesFolder)
        #expect(files.map { ($0 as NSString).lastPathComponent } == [
            "article.screen.json", "checkout.screen.json", "onboarding.screen.json", "profile.screen.yaml", "settings.screen.json",
        ])
        for file in files { _ = try ScreenFile.load(path: file) }
        let profile = try ScreenFile.load(path: ScreenFileFixtures.examplesFolder.appendingPathComponent("profile.screen.yaml").path)
        guard case .stack(let header) = profile.views[0], case .image(let avatar) = header.children[0] else {
            Issue.record("profile header")
            return
        }
        #expect(avatar.scalesWith == .title1)
    }
}
