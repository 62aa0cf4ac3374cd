/// Task-local overrides of the text-size setting, set by `withContentSizeCategory` and
/// `withLegibilityWeight`.
///
/// Task-local rather than global so that parallel tests, and concurrent previews of different
/// categories, each see their own value without touching ``ContentSizeHub/shared``.
enum TextSizeOverride {
    @TaskLocal static var category: ContentSizeCategory?
    @TaskLocal static var legibilityWeight: LegibilityWeight?
}

extension ContentSizeCategory {
    /// The category code should lay out for right now: the innermost `withContentSizeCategory`
    /// override in this task, else ``ContentSizeHub/shared``'s category.
    ///
    /// This is what "size 0 = the user's preferred size" resolves to.
    ///
    /// ```swift
    /// withContentSizeCategory(.accessibility3) {
    ///     ContentSizeCategory.current   // .accessibility3, whatever the shared hub says
    /// }
    /// ```
    public static var current: ContentSizeCategory {
        TextSizeOverride.category ?? ContentSizeHub.shared.category
    }
}

extension LegibilityWeight {
    /// The Bold Text state code should draw with right now: the innermost `withLegibilityWeight`
    /// override in this task, else ``ContentSizeHub/shared``'s state.
    public static var current: LegibilityWeight {
        TextSizeOverride.legibilityWeight ?? ContentSizeHub.shared.legibilityWeight
    }
}

extension TextSizeSetting {
    /// ``ContentSizeCategory/current`` and ``LegibilityWeight/current`` together.
    public static var current: TextSizeSetting {
        TextSizeSetting(category: .current, legibilityWeight: .current)
    }
}

/// Runs `operation` with ``ContentSizeCategory/current`` answering `category`.
///
/// The override is task-local: it covers everything `operation` calls synchronously and child
/// tasks it creates, ends when `operation` returns, and nests (the innermost wins). It does not
/// change any ``ContentSizeHub`` and posts no change.
///
/// ```swift
/// let height = withContentSizeCategory(.accessibility5) { layout.measure(note) }
/// ```
///
/// - Parameters:
///   - category: the category to pretend the user picked.
///   - operation: the work to run under the override.
/// - Returns: what `operation` returns.
public func withContentSizeCategory<Result>(
    _ category: ContentSizeCategory,
    operation: () throws -> Result
) rethrows -> Result {
    try TextSizeOverride.$category.withValue(category, operation: operation)
}

/// Runs async `operation` with ``ContentSizeCategory/current`` answering `category`, across every
/// `await` inside it.
///
/// ```swift
/// let png = await withContentSizeCategory(.accessibility3) { await renderer.render(note) }
/// ```
///
/// - Parameters:
///   - category: the category to pretend the user picked.
///   - isolation: the caller's actor, inherited so that non-`Sendable` results can be returned.
///   - operation: the work to run under the override.
/// - Returns: what `operation` returns.
public func withContentSizeCategory<Result>(
    _ category: ContentSizeCategory,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async rethrows -> Result {
    try await TextSizeOverride.$category.withValue(category, operation: operation)
}

/// Runs `operation` with ``LegibilityWeight/current`` answering `legibilityWeight` (Bold Text on
/// for `.bold`).
///
/// Task-local and nesting, like `withContentSizeCategory(_:operation:)`.
///
/// - Parameters:
///   - legibilityWeight: the Bold Text state to pretend the user picked.
///   - operation: the work to run under the override.
/// - Returns: what `operation` returns.
public func withLegibilityWeight<Result>(
    _ legibilityWeight: LegibilityWeight,
    operation: () throws -> Result
) rethrows -> Result {
    try TextSizeOverride.$legibilityWeight.withValue(legibilityWeight, operation: operation)
}

/// Runs async `operation` with ``LegibilityWeight/current`` answering `legibilityWeight`, across
/// every `await` inside it.
///
/// - Parameters:
///   - legibilityWeight: the Bold Text state to pretend the user picked.
///   - isolation: the caller's actor, inherited so that non-`Sendable` results can be returned.
///   - operation: the work to run under the override.
/// - Returns: what `operation` returns.
public func withLegibilityWeight<Result>(
    _ legibilityWeight: LegibilityWeight,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async rethrows -> Result {
    try await TextSizeOverride.$legibilityWeight.withValue(legibilityWeight, operation: operation)
}
