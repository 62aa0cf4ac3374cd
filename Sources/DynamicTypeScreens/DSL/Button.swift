import DynamicTypeCore

/// A button in the DSL (`UIButton`): `Button("Buy").font(.headline)`. The text modifiers style
/// its title; the title shares the button's id.
public struct Button: LabelBuilder {
    /// The button as a draft.
    public var draft: ScreenViewDraft

    /// A button titled `title` as written.
    public init(_ title: String) {
        draft = ScreenViewDraft(view: .button(ButtonSpec(id: "", title: LabelSpec(id: "", text: .literal(title)))))
    }

    /// A button titled with the translation of a strings key.
    public init(key: String) {
        draft = ScreenViewDraft(view: .button(ButtonSpec(id: "", title: LabelSpec(id: "", text: .key(key)))))
    }

    private func editButton(_ change: (inout ButtonSpec) -> Void) -> Button {
        with {
            if case .button(var spec) = $0.view {
                change(&spec)
                $0.view = .button(spec)
            }
        }
    }

    /// Space between the button's edges and its title (its content insets).
    public func padding(_ insets: EdgeInsets) -> Button { editButton { $0.contentInsets = insets } }

    /// The same content inset on every side.
    public func padding(_ all: Double) -> Button { padding(EdgeInsets(all: all)) }

    /// The smallest tap target accepted, in points (default 44).
    public func minimumTapTarget(_ points: Double) -> Button { editButton { $0.minimumTapTarget = points } }

    /// The background's corner radius.
    public func cornerRadius(_ radius: Double) -> Button { editButton { $0.cornerRadius = radius } }
}
