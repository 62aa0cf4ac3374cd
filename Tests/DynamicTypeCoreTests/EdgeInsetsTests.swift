import Foundation
import Testing

@testable import DynamicTypeCore

@Suite("Edge insets: one type for padding and safe areas")
struct EdgeInsetsTests {
    @Test("a device catalog's left and right safe-area insets are the leading and trailing edges")
    func catalogSafeArea() throws {
        let json = """
            {"devices": [{"id": "phone", "name": "Phone", "width": 390, "height": 844,
              "safeArea": {"portrait": {"top": 47, "bottom": 34}, "landscape": {"left": 47, "right": 45, "bottom": 21}}}]}
            """
        let catalog = try DeviceCatalog(jsonData: Data(json.utf8), origin: "test")
        let phone = try #require(catalog.device(named: "phone"))
        #expect(phone.safeArea == EdgeInsets(top: 47, bottom: 34))
        #expect(phone.oriented(.landscape).safeArea == EdgeInsets(leading: 47, bottom: 21, trailing: 45))
    }

    @Test("Codable: the four fields by name; left and right (the former SafeAreaInsets) still decode")
    func codable() throws {
        let insets = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        let encoded = try JSONEncoder().encode(insets)
        #expect(try JSONDecoder().decode(EdgeInsets.self, from: encoded) == insets)
        let legacy = Data(#"{"top": 1, "left": 2, "bottom": 3, "right": 4}"#.utf8)
        #expect(try JSONDecoder().decode(EdgeInsets.self, from: legacy) == insets)
        #expect(try JSONDecoder().decode(EdgeInsets.self, from: Data("{}".utf8)) == .zero)
    }
}
