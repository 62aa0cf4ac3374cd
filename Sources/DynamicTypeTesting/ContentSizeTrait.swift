import DynamicTypeCore
import Testing

/// A Swift Testing trait that runs a test, or every test in a suite, with
/// ``DynamicTypeCore/ContentSizeCategory/current`` answering a fixed category.
///
/// It wraps the test in `withContentSizeCategory(_:operation:)`, a task-local override, so
/// parallel tests with different categories never see each other's value and the shared
/// ``DynamicTypeCore/ContentSizeHub`` is left alone. Create it with
/// ``Testing/Trait/contentSizeCategory(_:)``.
///
/// ```swift
/// @Test(.contentSizeCategory(.accessibility3))
/// func bodyWrapsAtAX3() throws { … }          // ContentSizeCategory.current == .accessibility3
///
/// @Suite(.contentSizeCategory(.xSmall))
/// struct TinyTextTests { … }                  // every test in the suite (and nested suites)
/// ```
///
/// The innermost scope wins: a test's own trait overrides its suite's.
public struct ContentSizeCategoryTrait: TestTrait, SuiteTrait, TestScoping {
    /// The category the test runs with.
    public let category: ContentSizeCategory

    /// A trait that runs tests with `category` as the current category.
    public init(_ category: ContentSizeCategory) {
        self.category = category
    }

    /// Runs `function` inside `withContentSizeCategory(category)`.
    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withContentSizeCategory(category) {
            try await function()
        }
    }
}

/// A Swift Testing trait that runs a test, or every test in a suite, with
/// ``DynamicTypeCore/LegibilityWeight/current`` answering a fixed Bold Text state.
///
/// Created with ``Testing/Trait/legibilityWeight(_:)``; combines with the category trait:
/// `@Test(.contentSizeCategory(.accessibility1), .legibilityWeight(.bold))`.
public struct LegibilityWeightTrait: TestTrait, SuiteTrait, TestScoping {
    /// The Bold Text state the test runs with.
    public let legibilityWeight: LegibilityWeight

    /// A trait that runs tests with `legibilityWeight` as the current Bold Text state.
    public init(_ legibilityWeight: LegibilityWeight) {
        self.legibilityWeight = legibilityWeight
    }

    /// Runs `function` inside `withLegibilityWeight(legibilityWeight)`.
    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withLegibilityWeight(legibilityWeight) {
            try await function()
        }
    }
}

extension Trait where Self == ContentSizeCategoryTrait {
    /// Runs the test (or suite) with ``DynamicTypeCore/ContentSizeCategory/current`` set to `category`.
    ///
    /// ```swift
    /// @Test(.contentSizeCategory(.accessibility3)) func largeHeadline() { … }
    /// ```
    ///
    /// - Parameter category: the category to pretend the user picked.
    public static func contentSizeCategory(_ category: ContentSizeCategory) -> Self {
        ContentSizeCategoryTrait(category)
    }
}

extension Trait where Self == LegibilityWeightTrait {
    /// Runs the test (or suite) with ``DynamicTypeCore/LegibilityWeight/current`` set to
    /// `legibilityWeight` (`.bold` = Bold Text on).
    ///
    /// - Parameter legibilityWeight: the Bold Text state to pretend the user picked.
    public static func legibilityWeight(_ legibilityWeight: LegibilityWeight) -> Self {
        LegibilityWeightTrait(legibilityWeight)
    }
}
