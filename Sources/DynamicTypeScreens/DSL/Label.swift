import DynamicTypeCore

/// A label in the DSL (`UILabel`, SwiftUI `Text`): `Label("Total").font(.headline)`.
public struct Label: LabelBuilder {
    /// The label as a draft.
    public var draft: ScreenViewDraft

    /// A label showing `text` as written.
    public init(_ text: String) {
        draft = ScreenViewDraft(view: .label(LabelSpec(id: "", text: .literal(text))))
    }

    /// A label showing the translation of a strings key.
    public init(key: String) {
        draft = ScreenViewDraft(view: .label(LabelSpec(id: "", text: .key(key))))
    }

    /// Space between the label's edges and its text.
    public func padding(_ insets: EdgeInsets) -> Label { with { $0.editLabel { $0.insets = insets } } }

    /// The same space on every side.
    public func padding(_ all: Double) -> Label { padding(EdgeInsets(all: all)) }
}
