import DynamicTypeCore
import DynamicTypeTesting
import Testing

@Suite("contentSizeCategory trait")
struct ContentSizeTraitTests {
    @Test(.contentSizeCategory(.accessibility3))
    func traitSetsCurrentCategory() {
        #expect(ContentSizeCategory.current == .accessibility3)
    }

    @Test(.contentSizeCategory(.xSmall), arguments: [1, 2, 3])
    func traitCoversEveryTestCase(_ argument: Int) async {
        await Task.yield()
        #expect(ContentSizeCategory.current == .xSmall)
    }

    @Test(.legibilityWeight(.bold), .contentSizeCategory(.accessibility1))
    func traitsCombine() {
        #expect(TextSizeSetting.current == TextSizeSetting(category: .accessibility1, legibilityWeight: .bold))
    }

    @Test("provideScope overrides only while the test body runs")
    func scopeEndsWithBody() async throws {
        let outside = ContentSizeCategory.current
        let inner: ContentSizeCategory = outside == .xxLarge ? .small : .xxLarge
        let test = try #require(Test.current)
        var ran = false
        try await ContentSizeCategoryTrait(inner).provideScope(for: test, testCase: Test.Case.current) {
            #expect(ContentSizeCategory.current == inner)
        }
        ran = ContentSizeCategory.current == outside
        #expect(ran)
    }

    @Suite(.contentSizeCategory(.accessibility2))
    struct SuiteWide {
        @Test func suiteTraitApplies() {
            #expect(ContentSizeCategory.current == .accessibility2)
        }

        @Test(.contentSizeCategory(.medium))
        func innermostTraitWins() {
            #expect(ContentSizeCategory.current == .medium)
        }

        @Suite struct Nested {
            @Test func nestedSuiteInherits() {
                #expect(ContentSizeCategory.current == .accessibility2)
            }
        }
    }
}
