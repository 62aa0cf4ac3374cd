import DynamicTypeCore
import FontSystem
import Foundation
import Testing

@testable import TextStack

@Suite("Storage attribute values")
struct StorageAttributeValueTests {
    @Test("colour parsing: #RRGGBB, #RRGGBBAA, UIKit names; errors list the accepted forms")
    func colorParsing() throws {
        #expect(try RGBAColor(parsing: "#FF0000") == .red)
        #expect(try RGBAColor(parsing: "#00ff00") == .green)
        #expect(try RGBAColor(parsing: "Blue") == .blue)
        #expect(try RGBAColor(parsing: "black") == .black)
        #expect(try RGBAColor(parsing: " white ") == .white)
        let translucent = try RGBAColor(parsing: "#2D75D480")
        #expect(abs(translucent.alpha - 128.0 / 255) < 1e-12)
        #expect(translucent.hexString == "#2D75D480")
        #expect(RGBAColor(hex: "#12345") == nil)
        #expect(RGBAColor(hex: "123456") == nil)
        #expect(RGBAColor(hex: "#GG0000") == nil)
        #expect(throws: ColorParseError.self) { try RGBAColor(parsing: "reddish") }
        do {
            _ = try RGBAColor(parsing: "reddish")
        } catch let error as ColorParseError {
            #expect(error.description.contains("#RRGGBB"))
            #expect(error.description.contains("red"))
        } catch {
            Issue.record("expected a ColorParseError, got \(error)")
        }
    }

    @Test("constants: UIKit red is 1,0,0; the seed's title blue is 0.175, 0.458, 0.831")
    func constants() {
        #expect(RGBAColor.red == RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(RGBAColor.seedTitleBlue.red == 0.175)
        #expect(RGBAColor.seedTitleBlue.green == 0.458)
        #expect(RGBAColor.seedTitleBlue.blue == 0.831)
        #expect(RGBAColor(red: 2, green: -1, blue: .nan) == RGBAColor(red: 1, green: 0, blue: 0))
    }

    @Test("WCAG luminance and contrast")
    func contrast() {
        #expect(RGBAColor.black.relativeLuminance == 0)
        #expect(abs(RGBAColor.white.relativeLuminance - 1) < 1e-12)
        #expect(abs(RGBAColor.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(RGBAColor.white.contrastRatio(with: .black) == RGBAColor.black.contrastRatio(with: .white))
        // Known values: pure red on white is 3.998:1; #777777 on white is 4.48:1 (just fails AA).
        #expect(abs(RGBAColor.red.contrastRatio(with: .white) - 3.998) < 0.001)
        let gray = RGBAColor(hex: "#777777")!
        #expect(abs(gray.contrastRatio(with: .white) - 4.478) < 0.001)
        // The seed's title blue on white just passes AA for body text (4.57:1).
        let titleContrast = RGBAColor.seedTitleBlue.contrastRatio(with: .white)
        #expect(abs(titleContrast - 4.571) < 0.001)
    }

    @Test("underline styles map to NSUnderlineStyle bits")
    func underlineBits() {
        #expect(UnderlineStyle(rawValue: 1) == .single)
        #expect(UnderlineStyle(rawValue: 0x09) == .double)
        #expect(UnderlineStyle(rawValue: 0) == nil)
        #expect(UnderlineStyle(.thick, pattern: .dash, byWord: true).rawValue == 0x8202)
        #expect(UnderlineStyle(rawValue: 0x8202) == UnderlineStyle(.thick, pattern: .dash, byWord: true))
        #expect(TextEffect.letterpress.rawValue == "_UIKitNewLetterpressStyle")
    }

    @Test("merging: set fields win; a new font without a resolved font drops the old resolved font")
    func merging() throws {
        let base = TextAttributes(foregroundColor: .red, kerning: 0, paragraphStyle: ParagraphStyle(alignment: .center))
        let merged = base.merging(TextAttributes(foregroundColor: .blue, strikethrough: .single))
        #expect(merged == TextAttributes(
            foregroundColor: .blue, strikethrough: .single, kerning: 0, paragraphStyle: ParagraphStyle(alignment: .center)))
        #expect(merged.keys == [.foregroundColor, .strikethrough, .kerning, .paragraphStyle])

        let body = try FontDescriptor.preferred(for: .body, category: .large, profile: .ios)
        let resolved = try FontSystemTestSupport.resolver().resolve(body)
        let withFont = TextAttributes(resolvedFont: resolved)
        #expect(withFont.font == body)
        let bold = withFont.merging(TextAttributes(font: body.withSymbolicTraits(.bold)))
        #expect(bold.font == body.withSymbolicTraits(.bold))
        #expect(bold.resolvedFont == nil)
        #expect(withFont.merging(TextAttributes(font: body)).resolvedFont == resolved)
        #expect(withFont.removing(.font).isEmpty)
        #expect(withFont.removing(.resolvedFont) == TextAttributes(font: body))
    }

    @Test("paragraph style defaults are TextKit's; hyphenation factor is clamped")
    func paragraphStyle() {
        let style = ParagraphStyle.default
        #expect(style.alignment == .natural)
        #expect(style.lineBreakMode == .byWordWrapping)
        #expect(style.baseWritingDirection == .natural)
        #expect(style.lineHeightMultiple == 0 && style.maximumLineHeight == 0)
        var clamped = ParagraphStyle(hyphenationFactor: 3)
        #expect(clamped.hyphenationFactor == 1)
        clamped.hyphenationFactor = -1
        #expect(clamped.hyphenationFactor == 0)
    }
}

/// The shared resolver on the machine's fonts (the set-up installs Inter, URW base35, DejaVu…).
private enum FontSystemTestSupport {
    static func resolver() throws -> FontSystem.FontResolver { try FontSystem.FontResolver.shared() }
}
