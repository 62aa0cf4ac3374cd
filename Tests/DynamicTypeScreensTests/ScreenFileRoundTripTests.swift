import DynamicTypeCore
import Foundation
import Testing
import TextStack

@testable import DynamicTypeScreens

@Suite("Screen files: round trips")
struct ScreenFileRoundTripTests {
    @Test("JSONEncoder → JSONDecoder gives back an equal value for every kind", arguments: ScreenFileFixtures.kinds.views)
    func codableView(view: ScreenView) throws {
        let data = try JSONEncoder().encode(view)
        #expect(try JSONDecoder().decode(ScreenView.self, from: data) == view)
        switch view {
        case .label(let spec): #expect(try JSONDecoder().decode(LabelSpec.self, from: JSONEncoder().encode(spec)) == spec)
        case .button(let spec): #expect(try JSONDecoder().decode(ButtonSpec.self, from: JSONEncoder().encode(spec)) == spec)
        case .image(let spec): #expect(try JSONDecoder().decode(ImageSpec.self, from: JSONEncoder().encode(spec)) == spec)
        case .textView(let spec): #expect(try JSONDecoder().decode(TextViewSpec.self, from: JSONEncoder().encode(spec)) == spec)
        case .stack(let spec): #expect(try JSONDecoder().decode(StackSpec.self, from: JSONEncoder().encode(spec)) == spec)
        case .table(let spec): #expect(try JSONDecoder().decode(TableSpec.self, from: JSONEncoder().encode(spec)) == spec)
        }
    }

    @Test("a whole screen round-trips through Codable and through ScreenFile.encode/decode")
    func screen() throws {
        let screen = ScreenFileFixtures.kinds
        #expect(try JSONDecoder().decode(Screen.self, from: JSONEncoder().encode(screen)) == screen)
        let data = try ScreenFile.encode(screen)
        #expect(try ScreenFile.decode(data, origin: "kinds.screen.json", format: .json) == screen)
    }

    @Test("encoding leaves out defaults and writes whole numbers without a fraction")
    func tidyOutput() throws {
        let screen = Screen(name: "Tidy", views: [.label(LabelSpec(id: "a", text: .literal("A")))])
        let text = String(decoding: try ScreenFile.encode(screen), as: UTF8.self)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?.keys.sorted() == ["name", "schemaVersion", "views"])
        #expect(text.contains("\"schemaVersion\" : 1"))
        #expect(!text.contains("1.0"))
    }

    @Test("named colours are written by name, so non-8-bit names such as gray round-trip")
    func namedColours() throws {
        let view = ScreenView.label(LabelSpec(id: "a", text: .literal("A"), color: RGBAColor(white: 0.5)))
        let text = String(decoding: try JSONEncoder().encode(view), as: UTF8.self)
        #expect(text.contains("\"gray\""))
        #expect(try JSONDecoder().decode(ScreenView.self, from: Data(text.utf8)) == view)
    }

    @Test("every example screen round-trips through JSON, and the YAML fixture through JSON too")
    func examples() throws {
        let files =
            ScreenFileFixtures.screenFiles(in: ScreenFileFixtures.examplesFolder)
            + [ScreenFileFixtures.fixture("kinds.screen.yaml")]
        for file in files {
            let screen = try ScreenFile.load(path: file)
            #expect(try ScreenFile.decode(ScreenFile.encode(screen), origin: file, format: .json) == screen, "\(file)")
        }
    }

    @Test("Codable errors carry the reader's message and path")
    func codableError() {
        let json = #"{"kind": "label", "id": "a", "text": "A", "lines": -1}"#
        do {
            _ = try JSONDecoder().decode(ScreenView.self, from: Data(json.utf8))
            Issue.record("decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == "<Codable>: $.lines: must be 0 (unlimited) to 10000, found -1")
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ImageSpec.self, from: Data(#"{"kind": "label", "id": "a", "text": "A"}"#.utf8))
        }
    }
}
