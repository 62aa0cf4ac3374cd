/// One real change of the text-size setting, as a ``ContentSizeHub`` posts it to observers: the
/// setting before, the setting after, and which parts differ.
///
/// A change is only ever posted when `old != new`, so ``changed`` is never empty. Observers that
/// only care about the category (as UIKit's `UIContentSizeCategoryDidChangeNotification` does)
/// check `change.changed.contains(.category)`.
///
/// ```swift
/// let change = ContentSizeChange(
///     old: TextSizeSetting(category: .large),
///     new: TextSizeSetting(category: .accessibility3))
/// change.changed            // [.category]
/// change.new.category       // .accessibility3
/// ```
public struct ContentSizeChange: Hashable, Sendable, CustomStringConvertible {
    /// The setting before the change.
    public let old: TextSizeSetting
    /// The setting after the change.
    public let new: TextSizeSetting
    /// Which parts of the setting differ between ``old`` and ``new`` (computed, so it cannot disagree).
    public let changed: ChangedAspects

    /// A change from `old` to `new`; ``changed`` is derived from the two values.
    public init(old: TextSizeSetting, new: TextSizeSetting) {
        self.old = old
        self.new = new
        var changed: ChangedAspects = []
        if old.category != new.category { changed.insert(.category) }
        if old.legibilityWeight != new.legibilityWeight { changed.insert(.legibilityWeight) }
        self.changed = changed
    }

    /// `"large → accessibility3 [category]"`.
    public var description: String {
        var parts: [String] = []
        if changed.contains(.category) { parts.append("category") }
        if changed.contains(.legibilityWeight) { parts.append("legibilityWeight") }
        return "\(old) → \(new) [\(parts.joined(separator: ", "))]"
    }

    /// The parts of a ``TextSizeSetting`` that a change touched.
    ///
    /// An option set rather than two booleans so that a future aspect (say, a display zoom) can be
    /// added without breaking observers that test membership.
    public struct ChangedAspects: OptionSet, Hashable, Sendable {
        /// One bit per aspect.
        public let rawValue: UInt8

        /// Creates the set from its bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The content-size category changed (UIKit posts `UIContentSizeCategoryDidChangeNotification`).
        public static let category = ChangedAspects(rawValue: 1 << 0)
        /// Bold Text was turned on or off (UIKit posts `UIAccessibilityBoldTextStatusDidChangeNotification`).
        public static let legibilityWeight = ChangedAspects(rawValue: 1 << 1)
    }
}

/// When, relative to the new setting taking effect, an observer of a ``ContentSizeHub`` is called.
///
/// For each change the hub calls every `.willChange` observer, then makes the new value the hub's
/// ``ContentSizeHub/setting``, then calls every `.didChange` observer. Will-change observers can
/// therefore still measure their old layout (``ContentSizeCategory/current`` still answers the old
/// category) before did-change observers rebuild it.
public enum ContentSizeChangePhase: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Before the new setting takes effect: snapshot old state here.
    case willChange
    /// After the new setting took effect: re-resolve fonts and re-layout here.
    case didChange

    /// `"willChange"` or `"didChange"`.
    public var description: String {
        switch self {
        case .willChange: "willChange"
        case .didChange: "didChange"
        }
    }
}
