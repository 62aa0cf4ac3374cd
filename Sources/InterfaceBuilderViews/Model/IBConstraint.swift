/// One `<constraint>`: `first.attribute relation multiplier × second.attribute + constant` at a
/// priority, with its items already defaulted to the view holding it, as Interface Builder leaves
/// them out when they are that view.
package struct IBConstraint: Sendable, Hashable {
    /// An attribute of an item (`NSLayoutConstraint.Attribute`).
    package enum Attribute: String, Sendable, Hashable, CaseIterable {
        case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case baseline, firstBaseline, lastBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
    }

    /// How the two sides compare.
    package enum Relation: String, Sendable, Hashable {
        case equal, lessThanOrEqual, greaterThanOrEqual
    }

    /// The IB object id of the constraint.
    package var id: String
    /// The line of the `<constraint>` element.
    package var line: Int
    /// The first item's IB id (a view or a layout guide).
    package var firstItem: String
    /// The first item's attribute.
    package var firstAttribute: Attribute
    /// The relation.
    package var relation: Relation = .equal
    /// The second item's IB id, nil for a constant (width or height).
    package var secondItem: String?
    /// The second item's attribute.
    package var secondAttribute: Attribute?
    /// The multiplier (IB writes `1:2` or `0.5`).
    package var multiplier = 1.0
    /// The constant in points.
    package var constant = 0.0
    /// The priority, 1…1000 (1000 required).
    package var priority = 1000.0
    /// Whether it is IB's standard spacing (`symbolic="YES"`).
    package var standard = false
}
