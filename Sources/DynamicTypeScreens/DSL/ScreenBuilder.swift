/// Something the DSL can place on a screen: the builders (`Label`, `Button`, `Image`,
/// `TextView`, `HStack`, `VStack`, `Table`) and finished ``ScreenView``s.
public protocol ScreenViewConvertible: Sendable {
    /// The view as a draft, its id not yet assigned.
    var draft: ScreenViewDraft { get }
}

extension ScreenViewConvertible {
    /// The view on its own, ids derived as on a screen holding just this view.
    package var screenView: ScreenView { ScreenViewIDs.resolve([draft])[0] }
}

/// Collects the views of `Screen(name:) { … }`, `HStack { … }` and `VStack { … }`, with `if`,
/// `if`/`else`, `switch` and `for` as in SwiftUI.
@resultBuilder
public enum ScreenBuilder {
    /// A builder or a finished view.
    public static func buildExpression(_ view: some ScreenViewConvertible) -> [ScreenViewDraft] { [view.draft] }

    /// A block's views in order.
    public static func buildBlock(_ parts: [ScreenViewDraft]...) -> [ScreenViewDraft] { parts.flatMap { $0 } }

    /// `if` without `else`.
    public static func buildOptional(_ part: [ScreenViewDraft]?) -> [ScreenViewDraft] { part ?? [] }

    /// The `if` branch of `if`/`else` (or a `switch` case).
    public static func buildEither(first part: [ScreenViewDraft]) -> [ScreenViewDraft] { part }

    /// The `else` branch of `if`/`else` (or a `switch` case).
    public static func buildEither(second part: [ScreenViewDraft]) -> [ScreenViewDraft] { part }

    /// `for … in`.
    public static func buildArray(_ parts: [[ScreenViewDraft]]) -> [ScreenViewDraft] { parts.flatMap { $0 } }

    /// `if #available`.
    public static func buildLimitedAvailability(_ part: [ScreenViewDraft]) -> [ScreenViewDraft] { part }
}

extension ScreenView: ScreenViewConvertible {
    /// The view used as it is, ids included.
    public var draft: ScreenViewDraft { ScreenViewDraft(view: self, givenID: id, children: nil) }
}
