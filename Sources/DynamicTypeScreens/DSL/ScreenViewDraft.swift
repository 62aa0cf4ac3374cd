/// A view written with the Swift DSL before its screen gives it an id: the view, the id the
/// author gave (nil = derive one), and its children as drafts.
///
/// Ids are assigned when the whole screen is known (``Screen/init(name:device:width:background:padding:spacing:scrolls:minimumCategory:maximumCategory:views:)``),
/// because derived ids are numbered in document order and must avoid the ids authors chose.
public struct ScreenViewDraft: Sendable {
    /// The view; its id, and its children's, are placeholders until resolved.
    var view: ScreenView
    /// The id given with `.id(_:)`.
    var givenID: String?
    /// Stack children or a table's cell; nil for a finished ``ScreenView`` used as it is.
    var children: [ScreenViewDraft]?

    init(view: ScreenView, givenID: String? = nil, children: [ScreenViewDraft]? = []) {
        self.view = view
        self.givenID = givenID
        self.children = children
    }

    // MARK: Edits shared by the builders

    /// Changes a label's spec, or a button's title.
    mutating func editLabel(_ change: (inout LabelSpec) -> Void) {
        switch view {
        case .label(var spec):
            change(&spec)
            view = .label(spec)
        case .button(var spec):
            change(&spec.title)
            view = .button(spec)
        default: break
        }
    }

    /// Changes a text view's spec.
    mutating func editTextView(_ change: (inout TextViewSpec) -> Void) {
        if case .textView(var spec) = view {
            change(&spec)
            view = .textView(spec)
        }
    }

    /// Sets the view's category limits.
    mutating func setLimits(_ limits: CategoryLimits) {
        switch view {
        case .label(var spec): spec.limits = limits; view = .label(spec)
        case .button(var spec): spec.limits = limits; view = .button(spec)
        case .image(var spec): spec.limits = limits; view = .image(spec)
        case .textView(var spec): spec.limits = limits; view = .textView(spec)
        case .stack(var spec): spec.limits = limits; view = .stack(spec)
        case .table(var spec): spec.limits = limits; view = .table(spec)
        }
    }

    /// The view with its id and its (resolved) children set.
    func finished(id: String, children: [ScreenView]) -> ScreenView {
        switch view {
        case .label(var spec): spec.id = id; return .label(spec)
        case .button(var spec):
            // The title is part of the button and shares its id, as a screen file reads it.
            spec.id = id
            spec.title.id = id
            return .button(spec)
        case .image(var spec): spec.id = id; return .image(spec)
        case .textView(var spec): spec.id = id; return .textView(spec)
        case .stack(var spec):
            spec.id = id
            spec.children = children
            return .stack(spec)
        case .table(var spec):
            spec.id = id
            if let cell = children.first { spec.cell = cell }
            return .table(spec)
        }
    }
}
