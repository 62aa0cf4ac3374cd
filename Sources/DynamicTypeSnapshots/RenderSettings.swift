import DynamicTypeCore
import Foundation

/// The rendering settings a reference was made with — profile, Bold Text, view size, row-height
/// rule — recorded in its fingerprint so that verifying with other settings fails as "settings
/// changed: bold text off → on" rather than as a font or pixel difference. (The category is in the
/// file name; the pixel scale is the fingerprint's `scale`.)
public struct RenderSettings: Codable, Hashable, Sendable {
    /// The type-ramp profile's name (`ios`, or the `name` of a profile file).
    public var profile: String
    /// Whether Bold Text was on.
    public var boldText: Bool
    /// The view's width in points.
    public var width: Double
    /// The editor view's height in points (nil for the notes list, which is as tall as its rows).
    public var height: Double?
    /// The list's row-height rule (`seed` or `selfSizing`; nil for an editor).
    public var rowHeights: String?
    /// The keyboard's height while it was up (nil: hidden; older references have none).
    public var keyboard: Double?
    /// An editor's layout when not the scrolling one (`2 columns`, `pages`).
    public var editorLayout: String?
    /// Figures and exclusions an editor's text flows around.
    public var shapes: [String]?

    /// Settings with every value given.
    public init(profile: String, boldText: Bool, width: Double, height: Double?, rowHeights: String?) {
        self.profile = profile
        self.boldText = boldText
        self.width = width
        self.height = height
        self.rowHeights = rowHeights
    }

    /// What differs from the `recorded` settings, one phrase per setting (`bold text off → on`).
    public func changes(since recorded: RenderSettings) -> [String] {
        var changes: [String] = []
        if profile != recorded.profile { changes.append("profile \(recorded.profile) → \(profile)") }
        if boldText != recorded.boldText {
            changes.append("bold text \(recorded.boldText ? "on" : "off") → \(boldText ? "on" : "off")")
        }
        if width != recorded.width {
            changes.append("width \(PointFormat.string(recorded.width)) → \(PointFormat.string(width)) pt")
        }
        if height != recorded.height {
            changes.append("height \(Self.points(recorded.height)) → \(Self.points(height)) pt")
        }
        if rowHeights != recorded.rowHeights {
            changes.append("row heights \(recorded.rowHeights ?? "none") → \(rowHeights ?? "none")")
        }
        if keyboard != recorded.keyboard {
            changes.append("keyboard \(Self.points(recorded.keyboard)) → \(Self.points(keyboard)) pt")
        }
        if shapes != recorded.shapes {
            changes.append("shapes \(recorded.shapes?.joined(separator: ", ") ?? "none") → \(shapes?.joined(separator: ", ") ?? "none")")
        }
        if editorLayout != recorded.editorLayout {
            changes.append("editor layout \(recorded.editorLayout ?? "scrolling") → \(editorLayout ?? "scrolling")")
        }
        return changes
    }

    private static func points(_ value: Double?) -> String {
        value.map { PointFormat.string($0) } ?? "none"
    }
}
