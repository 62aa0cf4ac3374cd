import DynamicTypeCore
import DynamicTypeScreens
import Testing

/// The SwiftUI layout against SwiftUI's own rules, case by case (as Yoga and Taffy keep their
/// fixtures): every expected frame cites where SwiftUI's answer comes from.
@Suite struct ConformanceTests {
    @Test(arguments: ConformanceSuite.cases)
    func framesMatchSwiftUI(_ fixture: ConformanceSuite.Case) throws {
        let frames = try ConformanceSuite.layOut(fixture)
        let check = {
            for expected in fixture.expectations {
                let actual = frames[expected.selector]
                #expect(
                    actual.map { Self.close($0, expected.frame) } == true,
                    "\(fixture.name) \(expected.selector): \(actual.map(Self.describe) ?? "not placed"), SwiftUI \(Self.describe(expected.frame)) (\(expected.source))")
            }
        }
        if let reason = ConformanceSuite.deviations[fixture.name] {
            // A known deviation must still deviate: when it is fixed, this fails until the entry goes.
            withKnownIssue(Comment(rawValue: reason)) { check() }
        } else {
            check()
        }
    }

    @Test func theSuiteCoversEveryContainerAndCitesEveryFrame() {
        let cases = ConformanceSuite.cases
        #expect(cases.count >= 60, "\(cases.count) cases")
        for fixture in cases {
            #expect(!fixture.expectations.isEmpty, "\(fixture.name) expects nothing")
            for expected in fixture.expectations {
                #expect(ConformanceSuite.isCitation(expected.source), "\(fixture.name) \(expected.selector): no source (\(expected.source))")
            }
            #expect(ConformanceSuite.views[fixture.name] != nil, "\(fixture.name) is not read as a view")
        }
        let selectors = Set(cases.flatMap { $0.expectations.map { $0.selector.split(separator: "#")[0] } })
        for kind in ["HStack", "VStack", "ZStack", "Spacer", "Divider", "Color", "Circle", "Text", "frame", "padding", "fixedSize", "background", "overlay", "ViewThatFits", "ScrollView"] {
            #expect(selectors.contains(Substring(kind)), "no case checks a \(kind)")
        }
    }

    @Test func knownDeviationsAreFewAndNameCases() {
        let names = Set(ConformanceSuite.cases.map(\.name))
        #expect(ConformanceSuite.deviationLines.count <= 5, "\(ConformanceSuite.deviationLines)")
        for line in ConformanceSuite.deviationLines {
            #expect(line.contains(": "), "a deviation without its reason: \(line)")
        }
        for (name, reason) in ConformanceSuite.deviations {
            #expect(names.contains(name), "known deviation \(name) is not a case")
            #expect(!reason.isEmpty, "known deviation \(name) gives no reason")
        }
    }

    static func close(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 0.01 && abs(a.minY - b.minY) < 0.01 && abs(a.width - b.width) < 0.01 && abs(a.height - b.height) < 0.01
    }

    static func describe(_ rect: Rect) -> String { "\(rect.minX) \(rect.minY) \(rect.width) \(rect.height)" }
}
