import SwiftSyntax

/// A text style (or scaled font) set once on a label, text field or text view that neither adjusts
/// nor is restyled by its type. The fonts and `adjustsFontForContentSizeCategory` are type facts the
/// visitor collects (``SwiftRuleVisitor/TypeFacts``), plus the text styles inside attributed text
/// this rule finds (``AttributedTextFonts``); it judges them at the end of the file.
final class TextStyleNotAdjustingRule: SwiftRuleDetector {
    static let rule = LintRule.textStyleNotAdjusting

    static let description = LintRuleDescription(
        id: "text-style-not-adjusting",
        name: "TextStyleNotAdjusting",
        defaultSeverity: .warning,
        reads: .swift(frameworks: ["UIKit"]),
        problem: "text style set once",
        atLargeSizes: "the text keeps the size it had when the screen opened",
        fix: "set adjustsFontForContentSizeCategory = true",
        summary: "A text style or scaled font set on a label, text field or text view that does not adjust to size changes.",
        finds: "A text style (or scaled font) set once on a label, text field or text view.",
        findsBriefly: "a text style set on a label without `adjustsFontForContentSizeCategory` or restyling",
        explanation:
            "UIFont.preferredFont(forTextStyle:) and scaledFont(for:) give the size of the moment; without adjustsFontForContentSizeCategory = true the view keeps it until rebuilt. Not reported when the same type sets adjustsFontForContentSizeCategory on that view (or on $0 or a loop variable), or restyles itself on UIContentSizeCategory.didChangeNotification, registerForTraitChanges, or in traitCollectionDidChange or updateConfiguration(using:) (UIKit calls both again when the traits change) when the override, or a function of the file it calls, sets a font, reloads or reads preferredContentSizeCategory, or calls a function the file does not declare. A loop over a local array of views counts for the views it lists. Text styles inside attributed text given to the view (attributedText from attributes with .font, addAttribute(.font, …), an AttributeContainer's font; in the value, in locals it is built from, or in a same-file function returning attributed text) count as set on it. A local configured in a closure that initializes a property counts as that property, and a view a private factory function returns counts as the factory's result when every call passes it straight on (addArrangedSubview(versionLabel())); so does a cell a table or collection data source makes and returns (its caller is UIKit), and UITableViewCell's own textLabel/detailTextLabel on a dequeued cell that is not cast to a class of the app. Attributes read a property of the file holding a scaling font (.font: small ? smallBoldFont : boldFont), and attributed text read from a property (titleLabel.attributedText = title in its didSet) is what the file assigns to it. A fixed font sized from the text size once (.systemFont(ofSize: UIFont.preferredFont(forTextStyle: .title2).pointSize)) is reported too, with its own advice: it has no text style, so it needs UIFontMetrics before adjusting can work. Labels made a navigation item's titleView are left alone (UIKit keeps bar titles fixed). Not reported either when another file makes the property adjust: another extension, a superclass, or an Interface Builder outlet to it with Automatically Adjusts Font checked (also for header.titleLabel when header's class is declared in the file). Attributed text built in another file (label.attributedText = mode.buildHeaderText(email:), = .terms) counts when that file's function or property of the name, typed as attributed text and not private, holds a text style in its attributes. Locals returned by other factories, copied values and list content configurations are not judged.",
        documentation: """
            `UIFont.preferredFont(forTextStyle:)` and `scaledFont(for:)` return the size of the moment. Without `adjustsFontForContentSizeCategory = true` the view keeps that size when the user changes it, until the screen is rebuilt. Text styles inside attributed text count as set on the view they are given to (`label.attributedText = …`): an attributes dictionary's `.font` (`NSAttributedString(string: s, attributes: [.font: UIFont.preferredFont(forTextStyle: .body)])`), `addAttribute(.font, value: …)` or `addAttributes([.font: …])` on a local the text is built from, and `container.font = …` on an `AttributeContainer` or `AttributedString` local — in the value itself, in locals it reads (in the same body, two steps deep), or in a function of the same file that the value calls and that returns attributed text. Not reported when the same type (a class and its extensions in the file) sets `adjustsFontForContentSizeCategory = true` on that view — also through `for label in [a, b]` or `[a, b].forEach { $0… }`, or a local bound to such an array (`let labels = [a, b]`, `[a, b].compactMap { $0 }`), which counts for the views it lists only — or restyles itself: it mentions `UIContentSizeCategory.didChangeNotification`, `registerForTraitChanges` or `preferredContentSizeCategory`, or overrides `traitCollectionDidChange(_:)` or `updateConfiguration(using:)` (a cell's configuration update; UIKit runs both again when the traits, the text size among them, change) to restyle: the override, or a function of the file it calls (two calls deep), mentions a font, reloads, or reads `preferredContentSizeCategory`, or calls a function the file does not declare (which may). An override that only lays out again or recolours (`stack.axis = …`, `setNeedsLayout()`, a background configuration) restyles nothing: simplenote-ios `d3e2599c`'s `SPRatingsPromptView` switches its stack's axis there and keeps its prompt's launch-time text size, and owncloud/ios-app `0ac09a30`'s `UniversalItemListCell` updates its background and selection mark. A fixed font given a size read from the text size once (`label.font = .systemFont(ofSize: UIFont.preferredFont(forTextStyle: .title2).pointSize * 1.091)`, duckduckgo/iOS `7b3f6010`) keeps its size the same way, and is reported with its own advice: it has no text style, so `adjustsFontForContentSizeCategory` alone cannot help; make it with `UIFontMetrics(forTextStyle:).scaledFont(for:)` first. A local view closure-initializing a property (`let titleLabel: UILabel = { let label = UILabel(); …; return label }()`) counts as that property. A view made and returned by a `private` (or `fileprivate`, or private-extension) function counts as that function's result when every call of it in the file passes the result straight on (`stack.addArrangedSubview(versionLabel())`, `[titleLabel(), detailLabel()]`): nothing else can set `adjustsFontForContentSizeCategory` on it, so the function must (simplenote-ios `d3e2599c`, `SPAboutViewController.swift`). A cell or header made and returned by a table or collection data source (`tableView(_:cellForRowAt:)`) is judged the same way — UIKit, its only caller, shows it as configured — and on a dequeued cell not cast to a class of the app, UITableViewCell's own `textLabel` and `detailTextLabel` are (a cast names a class whose code may adjust its labels). A call building the text may be given the font (`NSAttributedString.previewString(from: text, font: Style.headlineFont)`: a `font:` argument). An attribute's font may be a property of the file that holds a text style (`.font: small ? smallBoldFont : boldFont` with `var boldFont: UIFont { .preferredFont(forTextStyle: .headline) }`), and attributed text read from a property (`titleLabel.attributedText = title` in `title`'s `didSet`) is what the file assigns to that property (`self.title = attributedTitle(for: name)`), one step (owncloud/ios-app `0ac09a30`, `UniversalItemListCell.swift`). Attributed text built in another file counts too: `label.attributedText = mode.buildHeaderText(email: email)` (directly or through a local), `= Strings.terms` or `= .terms` is a finding when some linted file declares a function or property of that name, typed as attributed text and not `private`, whose attributes hold a text style (found as above, in its body and the same-file functions it calls). Not reported when another linted file makes the property adjust: another extension of the type, a superclass (`super.configure()` setting it), or an Interface Builder document whose outlet to the property has *Automatically Adjusts Font* checked (`adjustsFontForContentSizeCategory="YES"`) — also for `header.titleLabel` when the file declares `header`'s class (`@IBOutlet var header: TagHeaderView!`). A label made a navigation item's title view (`navigationItem.titleView = label`) is left alone: UIKit keeps navigation bar titles the same size at every text size and shows them in the Large Content Viewer. Not judged (the rule cannot see the rest): a local returned by any other factory function, a local copy of a value (`var outgoing = incoming` in a text-attributes transformer), `$0` or a loop variable over a collection that is neither an array literal nor a local bound to one, and list content configurations (`textProperties`, which adjust themselves).
            """,
        triggeringExamples: [
            .swift("titleLabel.font = ↓UIFont.preferredFont(forTextStyle: .headline)"),
            .swift("let buttonFont = UIFont.preferredFont(forTextStyle: .subheadline)\nfor button in [leftButton, rightButton] { button.titleLabel?.font = ↓buttonFont }"),
            .swift("titleLabel.attributedText = titleText.map { NSAttributedString.previewString(from: $0, font: ↓UIFont.preferredFont(forTextStyle: .headline)) }"),
            .swiftFile(
                "class About: UITableViewController {\n    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {\n        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)\n        cell.detailTextLabel?.font = ↓.preferredFont(forTextStyle: .subheadline)\n        return cell\n    }\n}\n"
            ),
            .swiftFile(
                "class List: UITableViewController {\n    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {\n        let cell = tableView.dequeueReusableCell(withIdentifier: \"Cell\", for: indexPath)\n        cell.textLabel?.font = ↓.preferredFont(forTextStyle: .body)\n        return cell\n    }\n}\n"
            ),
            .swiftFile(
                "class Owner {\n    var title: NSAttributedString? { didSet { titleLabel.attributedText = title } }\n    func set(_ s: String) { self.title = styled(s) }\n    var boldFont: UIFont { UIFont.preferredFont(forTextStyle: .headline) }\n    func styled(_ s: String) -> NSAttributedString { NSAttributedString(string: s, attributes: [.font: ↓boldFont]) }\n}\n"
            ),
            .swift("titleLabel.font = ↓.systemFont(ofSize: UIFont.preferredFont(forTextStyle: .title2).pointSize * 1.091, weight: .regular)"),
            .swift("title.font = ↓UIFontMetrics.default.scaledFont(for: base)"),
            .swift("title.font = ↓.preferredFont(forTextStyle: .body)\nother.adjustsFontForContentSizeCategory = true"),
            .swift("title.font = ↓.preferredFont(forTextStyle: .body)\ntitle.adjustsFontForContentSizeCategory = false"),
            .swift("title.font = ↓.preferredFont(forTextStyle: .body)\nfor l in [body] { l.adjustsFontForContentSizeCategory = true }"),
            .swift("title.font = ↓.preferredFont(forTextStyle: .body)\nlet others = [body, detail]\nfor l in others { l.adjustsFontForContentSizeCategory = true }"),
            .swiftFile(
                "class Cell: UICollectionViewCell {\n    override func updateConfiguration(using state: UICellConfigurationState) {}\n}\nclass Header: UIView {\n    let title = UILabel()\n    func configure() { title.font = ↓.preferredFont(forTextStyle: .headline) }\n}\n"
            ),
            .swiftFile(
                "class Cell: UICollectionViewCell {\n    let title = UILabel()\n    func setUp() { title.font = ↓.preferredFont(forTextStyle: .body) }\n    override func updateConfiguration(using state: UICellConfigurationState) {\n        backgroundConfiguration = .listPlainCell().updated(for: state)\n    }\n}\n"
            ),
            .swiftFile(
                "class Prompt: UIView {\n    func setUp() { message.font = ↓.preferredFont(forTextStyle: .body) }\n    override func traitCollectionDidChange(_ p: UITraitCollection?) { refreshAxis() }\n    func refreshAxis() { stack.axis = traitCollection.verticalSizeClass == .compact ? .horizontal : .vertical }\n}\n"
            ),
            .swift("title.attributedText = NSAttributedString(string: s, attributes: [.font: ↓UIFont.preferredFont(forTextStyle: .body)])"),
            .swift(
                "let attributes: [NSAttributedString.Key: Any] = [NSAttributedString.Key.font: ↓UIFont.preferredFont(forTextStyle: .footnote)]\nlet text = NSAttributedString(string: s, attributes: attributes)\nif ready { detail.attributedText = text }"
            ),
            .swift(
                "let text = NSMutableAttributedString(string: s)\ntext.addAttribute(.font, value: ↓UIFont.preferredFont(forTextStyle: .body), range: NSRange(location: 0, length: 4))\ntitle.attributedText = text"
            ),
            .swiftFile(
                "class A {\n    func f() { message.attributedText = attributed(\"Hi\") }\n    func attributed(_ s: String) -> NSAttributedString {\n        NSAttributedString(string: s, attributes: [.font: ↓UIFont.preferredFont(forTextStyle: .body)])\n    }\n}\n"
            ),
            .swift(
                "var container = AttributeContainer()\ncontainer.font = ↓UIFontMetrics.default.scaledFont(for: base)\ntitle.attributedText = NSAttributedString(AttributedString(s, attributes: container))"
            ),
            .swiftFile(
                "class About: UIViewController {}\nprivate extension About {\n    func setup() { stack.addArrangedSubview(versionLabel()) }\n    func versionLabel() -> UILabel {\n        let label = UILabel()\n        label.font = ↓UIFont.preferredFont(forTextStyle: .body)\n        return label\n    }\n}\n"
            ),
        ],
        nonTriggeringExamples: [
            .swift("titleLabel.font = UIFont.preferredFont(forTextStyle: .headline)\ntitleLabel.adjustsFontForContentSizeCategory = true"),
            .swiftFile(
                "class A { func f() { self.title.font = .preferredFont(forTextStyle: .body) } }\nextension A { func g() { title.adjustsFontForContentSizeCategory = true } }\n"
            ),
            .swift("title.font = .preferredFont(forTextStyle: .body)\n[body, title].forEach { $0.adjustsFontForContentSizeCategory = true }"),
            .swiftFile(
                "class A {\n    func f() { title.font = .preferredFont(forTextStyle: .body) }\n    override func traitCollectionDidChange(_ p: UITraitCollection?) { f() }\n}\n"
            ),
            .swiftFile(
                "class A {\n    func f() { title.font = .preferredFont(forTextStyle: .body) }\n    override func traitCollectionDidChange(_ p: UITraitCollection?) { applyTheme() }\n}\n"
            ),
            .swiftFile(
                "class A {\n    let titleLabel: UILabel = {\n        let label = UILabel()\n        label.font = .preferredFont(forTextStyle: .body)\n        return label\n    }()\n    func f() { titleLabel.adjustsFontForContentSizeCategory = true }\n}\n"
            ),
            .swiftFile("func makeLabel() -> UILabel {\n    let label = UILabel()\n    label.font = .preferredFont(forTextStyle: .body)\n    return label\n}\n"),
            .swift("let label = UILabel()\nlabel.font = UIFont.preferredFont(forTextStyle: .subheadline)\nnavigationItem.titleView = label"),
            .swiftFile(
                "class List: UITableViewController {\n    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {\n        let cell = tableView.dequeueReusableCell(withIdentifier: \"Cell\", for: indexPath) as! NoteCell\n        cell.titleLabel.font = .preferredFont(forTextStyle: .body)\n        return cell\n    }\n}\n"
            ),
            .swiftFile(
                "class List: UITableViewController {\n    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {\n        let cell = tableView.dequeueReusableCell(withIdentifier: \"Cell\", for: indexPath)\n        cell.textLabel?.font = .preferredFont(forTextStyle: .body)\n        return cell\n    }\n    override func viewDidLoad() { NotificationCenter.default.addObserver(forName: UIContentSizeCategory.didChangeNotification, object: nil, queue: .main) { _ in self.tableView.reloadData() } }\n}\n"
            ),
            .swiftFile(
                "class About: UIViewController {}\nprivate extension About {\n    func setup() { stack.addArrangedSubview(versionLabel()) }\n    func versionLabel() -> UILabel {\n        let label = UILabel()\n        label.font = UIFont.preferredFont(forTextStyle: .body)\n        label.adjustsFontForContentSizeCategory = true\n        return label\n    }\n}\n"
            ),
            .swiftFile(
                "class About: UIViewController {}\nprivate extension About {\n    func setup() {\n        let version = versionLabel()\n        version.adjustsFontForContentSizeCategory = true\n        stack.addArrangedSubview(version)\n    }\n    func versionLabel() -> UILabel {\n        let label = UILabel()\n        label.font = UIFont.preferredFont(forTextStyle: .body)\n        return label\n    }\n}\n"
            ),
            .swiftFile(
                "class Cell: UICollectionViewCell {\n    let title = UILabel()\n    override func updateConfiguration(using state: UICellConfigurationState) {\n        super.updateConfiguration(using: state)\n        title.font = .preferredFont(forTextStyle: .body)\n    }\n}\n"
            ),
            .swift("title.font = .preferredFont(forTextStyle: .body)\nlet labels = [title, detail].compactMap { $0 }\nfor l in labels { l.adjustsFontForContentSizeCategory = true }"),
            .swift(
                "title.adjustsFontForContentSizeCategory = true\ntitle.attributedText = NSAttributedString(string: s, attributes: [.font: UIFont.preferredFont(forTextStyle: .body)])"
            ),
            .swift("let text = NSMutableAttributedString(string: s)\ntext.addAttribute(.font, value: UIFont.systemFont(ofSize: 12), range: r)\ntitle.attributedText = text"),
            .swift("let text = NSAttributedString(string: s, attributes: [.foregroundColor: UIColor.red])\ntitle.attributedText = text"),
            .swiftFile(
                "class A {\n    func f() { message.attributedText = attributed(\"Hi\") }\n    func attributed(_ s: String) -> String { s }\n    func other() -> NSAttributedString { NSAttributedString(string: \"a\", attributes: [.font: UIFont.preferredFont(forTextStyle: .body)]) }\n}\n"
            ),
            .swiftFile(
                "let shared = NSAttributedString(string: \"a\", attributes: [.font: UIFont.preferredFont(forTextStyle: .body)])\nclass A {\n    func f() { title.attributedText = shared }\n}\n"
            ),
            .swiftFile(
                "class A {\n    func f() { title.attributedText = NSAttributedString(string: s, attributes: [.font: UIFont.preferredFont(forTextStyle: .body)]) }\n    override func traitCollectionDidChange(_ p: UITraitCollection?) { f() }\n}\n"
            ),
        ])

    /// The words before the message for a fixed font sized from the text size once: adjusting needs
    /// a text style, which such a font does not have.
    static let sizedOnce = "a fixed font sized from the text size once (it has no text style: make it with UIFontMetrics(forTextStyle:).scaledFont(for:), then adjust)"

    /// What other files may do to the view `receiver` of the type `type`: make the property adjust
    /// (another extension, a superclass, an Interface Builder outlet with Automatically Adjusts
    /// Font). `titleLabel` is `type`'s; `header.titleLabel` is the `titleLabel` of the class
    /// `header` is declared with in this file.
    private static func elsewhere(_ receiver: String, in type: String, facts: SwiftFileFacts) -> [FindingCondition] {
        let parts = receiver.split(separator: ".").map(String.init)
        switch parts.count {
        case 1 where !type.isEmpty && receiver != "self" && !receiver.hasSuffix("()"):
            return [.notAdjustedElsewhere(owner: type, property: receiver)]
        case 2:
            guard let owner = facts.declaredTypes[parts[0]] else { return [] }
            return [.notAdjustedElsewhere(owner: owner, property: parts[1])]
        default:
            return []
        }
    }

    /// Text whose presence in a type means the type restyles its text on a size change. A
    /// `traitCollectionDidChange(_:)` or `updateConfiguration(using:)` override counts when it
    /// restyles (``SwiftFileFacts/restylingTraitHandlers()``).
    static let restyleMarkers = [
        "didChangeNotification", "UIContentSizeCategoryDidChange", "registerForTraitChanges", "preferredContentSizeCategory",
    ]

    static let assignedProperties: Set<String> = ["attributedText"]

    /// Per type: views given attributed text built in another file (`label.attributedText =
    /// mode.buildHeaderText(email:)`), where, and the names that may build it: a finding when
    /// some file's attributed text of such a name holds a scaling font.
    private var textBuiltElsewhere: [String: [(receiver: String, offset: Int, names: [String])]] = [:]

    init() {}

    /// `view.attributedText = …` whose attributes hold a text style: the style is set on the view
    /// as `view.font = …` would set it (judged with the others at the end of the file). When the
    /// text is built by a call or property the file does not declare, the other files decide.
    func check(_ assignment: SwiftAssignment, in visitor: SwiftRuleVisitor) {
        guard case .views(let views) = visitor.receiver(of: assignment) else { return }
        let found = AttributedTextFonts.scalingFontsAndReferences(
            in: assignment.value, assignedAt: assignment.sequence, facts: visitor.facts)
        for offset in found.offsets {
            visitor.types[assignment.type, default: SwiftRuleVisitor.TypeFacts()].scalingFonts += views.map { ($0, offset) }
        }
        // An Interface Builder view given such text shows it in those fonts, not its document's.
        if !found.offsets.isEmpty { visitor.noteScalingAttributedText(on: .views(views)) }
        if found.offsets.isEmpty, !found.references.isEmpty {
            if visitor.types[assignment.type] == nil { visitor.types[assignment.type] = SwiftRuleVisitor.TypeFacts() }
            let offset = assignment.value.positionAfterSkippingLeadingTrivia.utf8Offset
            textBuiltElsewhere[assignment.type, default: []] += views.map { ($0, offset, found.references.sorted()) }
        }
    }

    /// A scaling font on a receiver that neither adjusts nor is restyled by its type: one finding
    /// per assignment, however many views it stands for.
    func finish(types: [String: SwiftRuleVisitor.TypeFacts], in visitor: SwiftRuleVisitor) {
        guard types.values.contains(where: { !$0.scalingFonts.isEmpty }) || !textBuiltElsewhere.isEmpty else { return }
        let markers = Self.restyleMarkers.flatMap { ByteSearch.offsets(of: $0, in: visitor.bytes) }
            + visitor.facts.restylingTraitHandlers().map(\.lowerBound)
        for (name, type) in types {
            if markers.contains(where: { marker in type.ranges.contains { $0.contains(marker) } }) { continue }
            var reported: Set<Int> = []
            for font in type.scalingFonts where !type.adjusts(font.receiver) && reported.insert(font.offset).inserted {
                guard !visitor.navigationTitleViews.contains(font.receiver) else { continue }
                visitor.report(
                    Self.rule, offset: font.offset, detail: visitor.fontsSizedOnce.contains(font.offset) ? Self.sizedOnce : nil,
                    conditions: Self.elsewhere(font.receiver, in: name, facts: visitor.facts))
            }
            for text in textBuiltElsewhere[name] ?? [] where !type.adjusts(text.receiver) && reported.insert(text.offset).inserted {
                guard !visitor.navigationTitleViews.contains(text.receiver) else { continue }
                visitor.report(
                    Self.rule, offset: text.offset,
                    conditions: [.attributedTextScales(names: text.names)] + Self.elsewhere(text.receiver, in: name, facts: visitor.facts))
            }
        }
    }
}
