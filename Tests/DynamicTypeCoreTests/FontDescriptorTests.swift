import Testing

@testable import DynamicTypeCore

@Suite("Font descriptors, Bold Text and FontMetrics")
struct FontDescriptorTests {
    let ios = TypeRampProfile.ios

    @Test("preferred descriptor carries the ramp cell")
    func preferred() throws {
        let body = try FontDescriptor.preferred(for: .body, category: .accessibility3, profile: ios)
        #expect(body.size == 40)
        #expect(body.leading == 48)
        #expect(body.weight == .regular)
        #expect(body.family == FontDescriptor.systemFamily)
        #expect(body.textStyle == .body)
        #expect(body.trackingPerMille == 10)
    }

    @Test("bold trait gives the style's emphasized weight; italic is kept separately")
    func traits() throws {
        let body = try FontDescriptor.preferred(for: .body, category: .large, profile: ios)
        #expect(body.withSymbolicTraits(.bold).weight == .semibold)
        let title = try FontDescriptor.preferred(for: .title1, category: .large, profile: ios)
        #expect(title.withSymbolicTraits(.bold).weight == .bold)
        let headline = try FontDescriptor.preferred(for: .headline, category: .large, profile: ios)
        #expect(headline.weight == .semibold)
        let boldItalic = body.withSymbolicTraits([.bold, .italic])
        #expect(boldItalic.isItalic)
        #expect(boldItalic.withSymbolicTraits(.italic).weight == .regular)
    }

    @Test("Bold Text moves every weight up by the profile's documented mapping")
    func boldText() throws {
        let body = try FontDescriptor.preferred(for: .body, category: .large, legibilityWeight: .bold, profile: ios)
        #expect(body.weight == .semibold)
        let headline = try FontDescriptor.preferred(for: .headline, category: .large, legibilityWeight: .bold, profile: ios)
        #expect(headline.weight == .bold)
        #expect(headline.withSymbolicTraits(.bold).weight == .bold)
        let title = try FontDescriptor.preferred(for: .title1, category: .large, legibilityWeight: .bold, profile: ios)
        #expect(title.withSymbolicTraits(.bold).weight == .heavy)
        // iOS 7's observed mapping: regular → medium, the bold headline → heavy.
        let ios7 = try TypeRampProfile.named("ios7")
        #expect(try FontDescriptor.preferred(for: .body, category: .large, legibilityWeight: .bold, profile: ios7).weight == .medium)
        #expect(try FontDescriptor.preferred(for: .headline, category: .large, legibilityWeight: .bold, profile: ios7).weight == .heavy)
        // The standard table never makes a weight lighter.
        for weight in FontWeight.allCases {
            #expect(BoldTextMapping.standard.apply(weight, legibility: .bold) >= weight)
            #expect(BoldTextMapping.standard.apply(weight, legibility: .regular) == weight)
        }
    }

    @Test("size 0 means the preferred size at the category in effect (the seeds' fontWithDescriptor:size:0)")
    func preferredSize() throws {
        let script = try FontDescriptor.preferred(for: .body, category: .large, profile: ios).withFamily("Zapfino").withSize(0)
        #expect(script.size == 0)
        let atAX2 = try script.resolvingPreferredSize(category: .accessibility2, profile: ios)
        #expect(atAX2.size == 33)
        #expect(atAX2.leading == 40)
        #expect(atAX2.family == "Zapfino")
        let custom = FontDescriptor(family: "DejaVu Sans", size: 0)
        #expect(try custom.resolvingPreferredSize(category: .xSmall, profile: ios).size == 14)
    }

    @Test("withFamily keeps size, traits and style")
    func withFamily() throws {
        let body = try FontDescriptor.preferred(for: .body, category: .xLarge, profile: ios).withSymbolicTraits(.italic)
        let zapfino = body.withFamily("Zapfino")
        #expect(zapfino.size == 19)
        #expect(zapfino.isItalic)
        #expect(zapfino.textStyle == .body)
        #expect(body.withFamily("monospace").symbolicTraits.contains(.monoSpace))
    }

    @Test("FontMetrics scales by the style's growth relative to large, with an optional maximum")
    func fontMetrics() throws {
        let body = FontMetrics.default(profile: ios)
        #expect(try body.scaledValue(for: 17, category: .large) == 17)
        #expect(try body.scaledValue(for: 34, category: .accessibility5) == 34 * 53 / 17)
        let title = FontMetrics(forTextStyle: .title1, profile: ios)
        #expect(try title.scaledValue(for: 44, category: .accessibility3) == 44 * 48 / 28)
        let custom = FontDescriptor(family: "DejaVu Serif", size: 20)
        #expect(try body.scaledFont(for: custom, category: .xSmall).size == 20 * 14 / 17)
        #expect(try body.scaledFont(for: custom, maximumPointSize: 30, category: .accessibility5).size == 30)
        #expect(try body.scaledFont(for: custom, maximumPointSize: 30, category: .small).size == 20 * 15 / 17)
    }
}
