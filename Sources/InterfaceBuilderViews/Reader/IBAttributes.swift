import DynamicTypeCore

/// Attribute values of an Interface Builder element read with their checks: numbers finite and
/// in range, booleans as IB writes them (`YES`/`NO`). A bad value is an ``IBReadError`` naming
/// the element, the attribute, the value and what is allowed.
struct IBAttributes {
    /// The element's name.
    let element: String
    /// Its line.
    let line: Int
    /// Its attributes.
    let values: [String: String]

    subscript(_ name: String) -> String? { values[name] }

    /// `YES` → true, `NO` → false, absent → `fallback`.
    func bool(_ name: String, default fallback: Bool) -> Bool {
        guard let value = values[name] else { return fallback }
        return value == "YES" || value == "yes" || value == "true"
    }

    /// A number in `range`, or nil when absent.
    func number(_ name: String, in range: ClosedRange<Double>) throws(IBReadError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw IBReadError(line: line, message: "<\(element)> \(name)=\"\(text.prefix(40))\" is not a finite number")
        }
        guard range.contains(value) else {
            throw IBReadError(line: line, message: "<\(element)> \(name)=\(text.prefix(40)) is out of range (\(range.lowerBound) … \(range.upperBound))")
        }
        return value
    }

    /// A length (coordinate, size, constant) within ``IBLimits/maximumLength``.
    func length(_ name: String) throws(IBReadError) -> Double? {
        try number(name, in: -IBLimits.maximumLength...IBLimits.maximumLength)
    }

    /// A priority, 1…1000 (IB writes UILayoutPriority's raw value).
    func priority(_ name: String) throws(IBReadError) -> Double? { try number(name, in: 0...1000) }

    /// A multiplier: a decimal or a ratio `a:b` or `a/b` (IB writes `1:2`), finite and within ``IBLimits/maximumMultiplier``.
    func multiplier(_ name: String) throws(IBReadError) -> Double? {
        guard let text = values[name] else { return nil }
        // Xcode writes ratios as `1:2`, older files also as `2/3`.
        let parts = text.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "/" }
        let value: Double?
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 { value = a / b } else { value = Double(text) }
        guard let value, value.isFinite, abs(value) <= IBLimits.maximumMultiplier else {
            throw IBReadError(
                line: line,
                message: "<\(element)> \(name)=\"\(text.prefix(40))\" is not a multiplier (a finite number or ratio a:b within ±\(Int(IBLimits.maximumMultiplier)))")
        }
        return value
    }

    /// A rectangle from `x`, `y`, `width`, `height` (sizes not negative).
    func rect() throws(IBReadError) -> Rect {
        let width = try number("width", in: 0...IBLimits.maximumLength) ?? 0
        let height = try number("height", in: 0...IBLimits.maximumLength) ?? 0
        return Rect(x: try length("x") ?? 0, y: try length("y") ?? 0, width: width, height: height)
    }

    /// Insets from `top`, `left`/`leading`, `bottom`, `right`/`trailing` (left-to-right).
    func insets() throws(IBReadError) -> EdgeInsets {
        let left = try length("left"), leading = try length("leading"), right = try length("right"), trailing = try length("trailing")
        return EdgeInsets(top: try length("top") ?? 0, leading: left ?? leading ?? 0, bottom: try length("bottom") ?? 0, trailing: right ?? trailing ?? 0)
    }
}

/// Why an Interface Builder file could not be read: the line and what is wrong.
package struct IBReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    package var line: Int
    /// What is wrong and how to fix it.
    package var message: String
    /// Whether the file is valid but of a kind not laid out (a macOS or watchOS document): a
    /// warning, not invalid input.
    package var unsupported = false

    /// An error at `line`.
    package init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    package var description: String { "line \(line): \(message)" }
}
