import DynamicTypeCore

/// Adjusts line breaking and vertical spacing while a ``LayoutManager`` lays text out (TextKit
/// `NSLayoutManagerDelegate`, the methods the seeds use).
///
/// Every method has a default that changes nothing, so implement only what you need. Character
/// indices are UTF-16 offsets in the text storage. The manager asks while it places a paragraph;
/// a paragraph that only moves (an edit above it) keeps what was answered, so when your answers
/// change, call ``LayoutManager/invalidateLayout()``.
///
/// The manager holds its delegate weakly, as TextKit does. Layout runs on the thread that owns the
/// manager and calls the delegate synchronously there; the protocol is not `Sendable` and needs not
/// be, because neither the manager nor its delegate is shared across threads. A main-actor type
/// conforms with `@preconcurrency` or nonisolated methods.
///
/// ```swift
/// final class KeepNames: LayoutManagerDelegate {
///     let protected: [NSRange]
///     func layoutManager(_ layoutManager: LayoutManager, shouldBreakLineBeforeCharacterAt index: Int) -> Bool {
///         !protected.contains { index > $0.location && index < $0.location + $0.length }
///     }
/// }
/// ```
public protocol LayoutManagerDelegate: AnyObject {
    /// Whether a line may end before the character at `index` at this word-break opportunity
    /// (TextKit `layoutManager(_:shouldBreakLineByWordBeforeCharacterAt:)`). Return false to keep
    /// the text on either side together (a product name). Mandatory breaks are not asked about; a
    /// word that fits no line is still broken between characters.
    func layoutManager(_ layoutManager: LayoutManager, shouldBreakLineBeforeCharacterAt index: Int) -> Bool

    /// Whether a line may end with a hyphen before the character at `index` (TextKit
    /// `layoutManager(_:shouldBreakLineByHyphenatingBeforeCharacterAt:)`); asked only in
    /// paragraphs that hyphenate.
    func layoutManager(_ layoutManager: LayoutManager, shouldBreakLineByHyphenatingBeforeCharacterAt index: Int) -> Bool

    /// Extra space below the line whose last character is at `index`, on top of the paragraph
    /// style's line spacing (TextKit `lineSpacingAfterGlyphAt:withProposedLineFragmentRect:`).
    /// `rect` is the line band (its fragments' union) in container coordinates.
    func layoutManager(_ layoutManager: LayoutManager, lineSpacingAfterCharacterAt index: Int, withProposedLineFragmentRect rect: Rect)
        -> Double

    /// Extra space above the paragraph whose first character is at `index`, on top of the style's
    /// `paragraphSpacingBefore` (TextKit `paragraphSpacingBeforeGlyphAt:…`); like the style's, not
    /// applied above the text's first paragraph. `rect` is the first line band.
    func layoutManager(
        _ layoutManager: LayoutManager, paragraphSpacingBeforeCharacterAt index: Int, withProposedLineFragmentRect rect: Rect
    ) -> Double

    /// Extra space below the paragraph whose last character is at `index`, on top of the style's
    /// `paragraphSpacing` (TextKit `paragraphSpacingAfterGlyphAt:…`). `rect` is the last line band.
    func layoutManager(
        _ layoutManager: LayoutManager, paragraphSpacingAfterCharacterAt index: Int, withProposedLineFragmentRect rect: Rect
    ) -> Double
}

extension LayoutManagerDelegate {
    /// Allows every break.
    public func layoutManager(_ layoutManager: LayoutManager, shouldBreakLineBeforeCharacterAt index: Int) -> Bool { true }

    /// Allows every hyphenation point.
    public func layoutManager(_ layoutManager: LayoutManager, shouldBreakLineByHyphenatingBeforeCharacterAt index: Int) -> Bool {
        true
    }

    /// No extra line spacing.
    public func layoutManager(
        _ layoutManager: LayoutManager, lineSpacingAfterCharacterAt index: Int, withProposedLineFragmentRect rect: Rect
    ) -> Double { 0 }

    /// No extra space before paragraphs.
    public func layoutManager(
        _ layoutManager: LayoutManager, paragraphSpacingBeforeCharacterAt index: Int, withProposedLineFragmentRect rect: Rect
    ) -> Double { 0 }

    /// No extra space after paragraphs.
    public func layoutManager(
        _ layoutManager: LayoutManager, paragraphSpacingAfterCharacterAt index: Int, withProposedLineFragmentRect rect: Rect
    ) -> Double { 0 }
}

/// What the typesetter needs to ask a delegate about one paragraph: the delegate, its manager and
/// where the paragraph starts in the storage (the typesetter works in paragraph offsets).
struct LayoutDelegateContext {
    unowned let manager: LayoutManager
    let delegate: any LayoutManagerDelegate
    /// Storage offset of the paragraph's offset 0 (the paragraph start, not the window start).
    let paragraphLocation: Int
}
