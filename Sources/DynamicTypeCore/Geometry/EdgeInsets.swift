/// Space kept clear at a rectangle's edges, in points: a view's padding, a button's content insets,
/// a device's safe area (SwiftUI `EdgeInsets`).
///
/// Layouts here run left to right, so `leading` is the left edge and `trailing` the right one. A
/// device catalog's safe area (`Profiles/devices.json`) names them `left` and `right`, as UIKit's
/// `UIEdgeInsets` does; the catalog reads them into these fields.
///
/// ```swift
/// EdgeInsets(all: 16).horizontal                          // 32
/// EdgeInsets(vertical: 12, horizontal: 20).top            // 12
/// ```
public struct EdgeInsets: Hashable, Sendable, Codable {
    /// Space above the content.
    public var top: Double
    /// Space before the content (left in left-to-right layout).
    public var leading: Double
    /// Space below the content.
    public var bottom: Double
    /// Space after the content (right in left-to-right layout).
    public var trailing: Double

    /// Insets on each side.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on every side.
    public init(all value: Double) { self.init(top: value, leading: value, bottom: value, trailing: value) }

    /// `vertical` above and below, `horizontal` on the sides.
    public init(vertical: Double, horizontal: Double) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }

    /// No insets.
    public static let zero = EdgeInsets()

    /// Leading + trailing.
    public var horizontal: Double { leading + trailing }
    /// Top + bottom.
    public var vertical: Double { top + bottom }

    // MARK: Codable

    /// The sides as the former `SafeAreaInsets` (and a device catalog's safe areas) name them.
    private enum PhysicalSides: String, CodingKey {
        case left, right
    }

    /// Reads `top`, `leading`, `bottom`, `trailing`, each optional (0 when absent); `left` and
    /// `right` are read for `leading` and `trailing` when those are absent, so JSON written for the
    /// former `SafeAreaInsets` still decodes. Encoding writes the four fields by their names.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let sides = try decoder.container(keyedBy: PhysicalSides.self)
        self.init(
            top: try container.decodeIfPresent(Double.self, forKey: .top) ?? 0,
            leading: try container.decodeIfPresent(Double.self, forKey: .leading) ?? sides.decodeIfPresent(Double.self, forKey: .left) ?? 0,
            bottom: try container.decodeIfPresent(Double.self, forKey: .bottom) ?? 0,
            trailing: try container.decodeIfPresent(Double.self, forKey: .trailing) ?? sides.decodeIfPresent(Double.self, forKey: .right) ?? 0)
    }
}
