import DynamicTypeCore

/// A text view in the DSL (`UITextView`): `TextView(file: "terms.txt").frame(height: 200)`.
public struct TextView: TextViewBuilder {
    /// The text view as a draft.
    public var draft: ScreenViewDraft

    /// A text view showing `text` as written.
    public init(_ text: String) { draft = ScreenViewDraft(view: .textView(TextViewSpec(id: "", text: .literal(text)))) }

    /// A text view showing the translation of a strings key.
    public init(key: String) { draft = ScreenViewDraft(view: .textView(TextViewSpec(id: "", text: .key(key)))) }

    /// A text view showing a UTF-8 file (relative to the screen file, or the working directory).
    public init(file: String) { draft = ScreenViewDraft(view: .textView(TextViewSpec(id: "", file: file))) }

    private func edit(_ change: (inout TextViewSpec) -> Void) -> TextView { with { $0.editTextView(change) } }

    /// A fixed height in points (text below it scrolls).
    public func frame(height: Double) -> TextView { edit { $0.height = height } }

    /// A highlight-rules file, or `seeds` for the seeds' rules.
    public func rules(_ rules: String) -> TextView { edit { $0.rules = rules } }

    /// Shapes the text flows around.
    public func exclusions(_ exclusions: [TextViewExclusion]) -> TextView { edit { $0.exclusions = exclusions } }

    /// The text container inset.
    public func padding(_ insets: EdgeInsets) -> TextView { edit { $0.insets = insets } }

    /// The same text container inset on every side.
    public func padding(_ all: Double) -> TextView { padding(EdgeInsets(all: all)) }
}
