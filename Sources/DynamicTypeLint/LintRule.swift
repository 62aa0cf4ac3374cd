import Foundation

/// A lint rule: one kind of Dynamic Type mistake visible in source or Interface Builder files.
/// Each rule is declared once, in its own file under `Rules/` (id, severity, message, documentation,
/// examples and detection); the cases forward to those declarations. The raw value is the rule's
/// id, as written in configs, suppressions and reports.
public enum LintRule: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// A UIKit font of a fixed size (`UIFont.systemFont(ofSize:)`, `UIFont(name:size:)`, …) that
    /// never passes through `UIFontMetrics.scaledFont(for:)`.
    case fixedFontUIKit
    /// A SwiftUI font that does not scale: `.system(size:)`, `.custom(_:fixedSize:)`.
    case fixedFontSwiftUI
    /// A label, text field or text view given a text style without `adjustsFontForContentSizeCategory`.
    case textStyleNotAdjusting
    /// A fixed height around text: a label's `heightAnchor` equal to a constant, `.frame(height:)` on `Text`.
    case fixedTextHeight
    /// `.dynamicTypeSize(...)` or `maximumContentSizeCategory` capping text below the accessibility sizes.
    case dynamicTypeCap
    /// `numberOfLines = 1` or `.lineLimit(1)` on text whose font scales (it truncates at large sizes).
    case singleLineText
    /// Interface Builder: a label, button, text field or text view with a fixed `pointSize` font.
    case ibFixedFont
    /// Interface Builder: a text-style font without "Automatically Adjusts Font".
    case ibTextStyleNotAdjusting
    /// Interface Builder: a height constraint on a label.
    case ibFixedLabelHeight
    /// A file that could not be read or parsed, so nothing in it was checked.
    case unreadableFile

    /// The rule's declaration: its file under `Rules/`.
    package var declaration: any LintRuleDeclaration.Type {
        switch self {
        case .fixedFontUIKit: FixedFontUIKitRule.self
        case .fixedFontSwiftUI: FixedFontSwiftUIRule.self
        case .textStyleNotAdjusting: TextStyleNotAdjustingRule.self
        case .fixedTextHeight: FixedTextHeightRule.self
        case .dynamicTypeCap: DynamicTypeCapRule.self
        case .singleLineText: SingleLineTextRule.self
        case .ibFixedFont: InterfaceBuilderFixedFontRule.self
        case .ibTextStyleNotAdjusting: InterfaceBuilderTextStyleNotAdjustingRule.self
        case .ibFixedLabelHeight: InterfaceBuilderFixedLabelHeightRule.self
        case .unreadableFile: UnreadableFileRule.self
        }
    }

    /// Everything the declaration says about the rule.
    package var ruleDescription: LintRuleDescription { declaration.description }

    /// The rule whose id is `rawValue`, nil for an unknown id.
    public init?(rawValue: String) {
        guard let rule = Self.byID[rawValue] else { return nil }
        self = rule
    }

    /// Id → rule, built once (suppressions look ids up line by line).
    private static let byID: [String: LintRule] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The id, as the rule's declaration gives it.
    public var rawValue: String { ruleDescription.id }

    /// The id (the raw value).
    public var id: String { rawValue }

    /// The id.
    public var description: String { rawValue }

    /// Decodes the id, as a string; an unknown id is a decoding error that names it and the known ones.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let id = try container.decode(String.self)
        guard let rule = LintRule(rawValue: id) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown lint rule '\(id)'; known: \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = rule
    }

    /// Encodes the id, as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Ordered by id, so reports sort the same everywhere.
    public static func < (lhs: LintRule, rhs: LintRule) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The severity unless a config changes it: fonts that never scale and caps below the
    /// accessibility sizes fail WCAG 1.4.4 outright (error); clipped and stale text usually breaks
    /// (warning); single-line text may only truncate (info).
    public var defaultSeverity: LintSeverity { ruleDescription.defaultSeverity }

    /// The one-line message: what happens at large sizes and how to fix it.
    public var message: String { ruleDescription.message }

    /// Whether the rule reads Swift files (the others read Interface Builder files, or any file).
    package var readsSwift: Bool { ruleDescription.reads != .interfaceBuilder }
}
