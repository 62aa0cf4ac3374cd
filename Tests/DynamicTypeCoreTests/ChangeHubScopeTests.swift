import DynamicTypeCore
import Testing

@Suite("withContentSizeCategory and .current")
struct ChangeHubScopeTests {
    @Test("overrides nest, the innermost wins, and each ends with its scope")
    func nestedScopes() {
        let outside = ContentSizeCategory.current
        let seen = withContentSizeCategory(.accessibility1) { () -> [ContentSizeCategory] in
            var seen = [ContentSizeCategory.current]
            withContentSizeCategory(.xSmall) { seen.append(.current) }
            seen.append(.current)
            return seen
        }
        #expect(seen == [.accessibility1, .xSmall, .accessibility1])
        #expect(ContentSizeCategory.current == outside)
        #expect(ContentSizeCategory.current == ContentSizeHub.shared.category)
    }

    @Test("an override holds across await and into child tasks, not into detached tasks")
    func acrossAwait() async throws {
        let shared = ContentSizeHub.shared.category
        let override: ContentSizeCategory = shared == .accessibility4 ? .small : .accessibility4
        let (afterSleep, child, detached) = try await withContentSizeCategory(override) {
            try await Task.sleep(for: .milliseconds(5))
            let afterSleep = ContentSizeCategory.current
            async let child = { ContentSizeCategory.current }()
            let detached = await Task.detached { ContentSizeCategory.current }.value
            return (afterSleep, await child, detached)
        }
        #expect(afterSleep == override)
        #expect(child == override)
        #expect(detached == ContentSizeHub.shared.category)
        #expect(detached != override)
    }

    @Test("withLegibilityWeight overrides LegibilityWeight.current, independently of the category")
    func legibilityWeightScope() async {
        withLegibilityWeight(.bold) {
            #expect(LegibilityWeight.current == .bold)
            withContentSizeCategory(.xxLarge) {
                #expect(TextSizeSetting.current == TextSizeSetting(category: .xxLarge, legibilityWeight: .bold))
            }
            withLegibilityWeight(.regular) { #expect(LegibilityWeight.current == .regular) }
        }
        await withLegibilityWeight(.bold) {
            await Task.yield()
            #expect(LegibilityWeight.current == .bold)
        }
    }

    @Test("without an override, .current follows the shared hub")
    func fallsBackToSharedHub() async {
        // Runs in a child process, because changing the shared hub here would race every other test
        // that reads `.current` without an override.
        await #expect(processExitsWith: .success) {
            let hub = ContentSizeHub.shared
            precondition(ContentSizeCategory.current == hub.category)
            hub.set(TextSizeSetting(category: .accessibility5, legibilityWeight: .bold))
            precondition(ContentSizeCategory.current == .accessibility5)
            precondition(LegibilityWeight.current == .bold)
            withContentSizeCategory(.xSmall) {
                precondition(ContentSizeCategory.current == .xSmall)
                precondition(LegibilityWeight.current == .bold)
            }
            hub.setCategory(.medium)
            precondition(ContentSizeCategory.current == .medium)
        }
    }
}
