/// What the Swift files do to views' fonts, by class and property, across files: the model lint
/// judges Interface Builder views against (an outlet restyled in `viewDidLoad`, a label subclass
/// that sets its own font in `awakeFromNib`, a helper `label.applyHeadlineStyle()` declared in an
/// extension). Built per file as the rules walk it, merged over the run (``merge(_:)``), read once
/// every file is in.
package struct AppStyling: Sendable {
    /// What code does to one view's font.
    package struct Styling: Sendable, Hashable {
        /// The fonts assigned to it.
        package var fonts: [FontValue] = []
        /// Whether it gets `adjustsFontForContentSizeCategory = true`.
        package var adjusts = false
        /// Methods called on it (`label.applyHeadlineStyle()`) and functions it is passed to
        /// (`Style.headline(label)`), by name: their effect on it is in ``AppStyling/helpers``.
        package var helpers: Set<String> = []

        /// Whether nothing is known.
        package var isEmpty: Bool { fonts.isEmpty && !adjusts && helpers.isEmpty }

        /// Both together.
        package mutating func formUnion(_ other: Styling) {
            fonts += other.fonts
            adjusts = adjusts || other.adjusts
            helpers.formUnion(other.helpers)
        }
    }

    /// A font assigned in code, by what lint can tell of it.
    package enum FontValue: Sendable, Hashable {
        /// It follows the text size: a text style, `UIFontMetrics`, a size computed from
        /// `preferredContentSizeCategory`.
        case scaled
        /// A fixed size (`UIFont.systemFont(ofSize:)`, `UIFont(name:size:)`, `withSize`).
        case fixed
        /// Made from the view's own font without a new size (`label.font = label.font.monospaced()`,
        /// `font = font.bold()`): the font it had — an Interface Builder font, say — keeps its size,
        /// fixed or not, and its text style.
        case derived
        /// None of these, as written: the functions it calls and the names it reads otherwise, to
        /// look for scaling functions and computed properties among them (a read `font` property
        /// is no call of a helper `font(with:)`).
        case unknown(calls: Set<String>, reads: Set<String>)
    }

    /// One class's facts (a class and its extensions, in any file).
    package struct ClassFacts: Sendable {
        /// The class it inherits from, if the declaration names one first.
        package var superclass: String?
        /// What the class does to its own font (`font = …` in `awakeFromNib`, `init`).
        package var own = Styling()
        /// What it does to its properties' fonts (`titleLabel.font = …` in `viewDidLoad`).
        package var properties: [String: Styling] = [:]
    }

    /// Classes by name.
    package var classes: [String: ClassFacts] = [:]
    /// Functions and methods by name: what each does to the view it is called on or given.
    package var helpers: [String: Styling] = [:]
    /// Functions whose body reads the text size (`preferredFont`, `UIFontMetrics`,
    /// `preferredContentSizeCategory`): a font one of them returns scales.
    package var scalingFunctions: Set<String> = []
    /// Computed properties whose body reads the text size: a font read from one of them scales.
    package var scalingProperties: Set<String> = []

    /// Nothing known yet.
    package init() {}

    /// Adds another file's facts.
    package mutating func merge(_ other: AppStyling) {
        for (name, facts) in other.classes {
            var mine = classes[name] ?? ClassFacts()
            mine.superclass = mine.superclass ?? facts.superclass
            mine.own.formUnion(facts.own)
            for (property, styling) in facts.properties { mine.properties[property, default: Styling()].formUnion(styling) }
            classes[name] = mine
        }
        for (name, styling) in other.helpers { helpers[name, default: Styling()].formUnion(styling) }
        scalingFunctions.formUnion(other.scalingFunctions)
        scalingProperties.formUnion(other.scalingProperties)
    }

    /// The most classes followed up a superclass chain, and helpers into one another.
    static let maximumDepth = 16

    /// What code does to the view `link` names: its class's own styling (and its superclasses'),
    /// and every outlet's property styling in the owner class (and its superclasses), helpers
    /// followed.
    package func styling(of link: InterfaceBuilderViewLink) -> Styling {
        var result = Styling()
        if let customClass = link.customClass {
            for facts in chain(from: customClass) { result.formUnion(facts.own) }
        }
        for outlet in link.outlets {
            for facts in chain(from: outlet.ownerClass) {
                if let styling = facts.properties[outlet.property] { result.formUnion(styling) }
            }
        }
        return expandingHelpers(result)
    }

    /// What code does to the property `property` of the class `owner` (and of its superclasses),
    /// helpers followed: a label a view keeps (`badgeLabel` of `ProfileViewController`).
    package func styling(ofProperty property: String, in owner: String) -> Styling {
        var result = Styling()
        for facts in chain(from: owner) {
            if let styling = facts.properties[property] { result.formUnion(styling) }
        }
        return expandingHelpers(result)
    }

    /// `name`'s facts and its known superclasses', nearest first.
    private func chain(from name: String) -> [ClassFacts] {
        var result: [ClassFacts] = []
        var current: String? = name
        var seen: Set<String> = []
        while let name = current, let facts = classes[name], !seen.contains(name), seen.count < Self.maximumDepth {
            seen.insert(name)
            result.append(facts)
            current = facts.superclass
        }
        return result
    }

    /// `styling` with the effect of every helper it names added (helpers calling helpers too).
    private func expandingHelpers(_ styling: Styling) -> Styling {
        var result = styling
        var pending = Array(styling.helpers)
        var seen = styling.helpers
        while let name = pending.popLast(), seen.count <= 64 {
            guard let helper = helpers[name] else { continue }
            result.fonts += helper.fonts
            result.adjusts = result.adjusts || helper.adjusts
            for next in helper.helpers where !seen.contains(next) {
                seen.insert(next)
                pending.append(next)
            }
        }
        return result
    }

    /// Whether `font` follows the text size, with the run's scaling functions known.
    package func isScaled(_ font: FontValue) -> Bool {
        switch font {
        case .scaled: true
        case .fixed, .derived: false
        case .unknown(let calls, let reads): !calls.isDisjoint(with: scalingFunctions) || !reads.isDisjoint(with: scalingProperties)
        }
    }
}
