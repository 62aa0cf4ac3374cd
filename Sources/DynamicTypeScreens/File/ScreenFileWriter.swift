import DynamicTypeCore
import TextStack

/// Turns the model into the file format's tree, leaving out values equal to the model's defaults
/// so written files read like hand-written ones.
///
/// Colours are written by name when they equal a named colour exactly and as `#RRGGBB(AA)`
/// otherwise; a colour that is not 8-bit exact (built in Swift) rounds to the nearest 8-bit value.
/// A button's title shares the button's id and has no category limits of its own.
enum ScreenFileWriter {
    /// An object under construction, members in the order written.
    private struct Members {
        var list: [ScreenFileValue.Member] = []

        mutating func set(_ key: String, _ value: ScreenFileValue) { list.append(.init(key, value)) }

        /// Sets `key` unless `value` equals `default` (or is nil).
        mutating func set<T: Equatable>(_ key: String, _ value: T?, default defaultValue: T? = nil, _ encode: (T) -> ScreenFileValue) {
            guard let value, value != defaultValue else { return }
            list.append(.init(key, encode(value)))
        }

        var value: ScreenFileValue { .object(list) }
    }

    static func value(_ screen: Screen) -> ScreenFileValue {
        let defaults = Screen(name: screen.name, views: [])
        var members = Members()
        members.set("schemaVersion", .number(Double(screen.schemaVersion)))
        members.set("name", .string(screen.name))
        members.set("device", screen.device, ScreenFileValue.string)
        members.set("width", screen.width, ScreenFileValue.number)
        members.set("background", screen.background, default: defaults.background, color)
        members.set("padding", screen.padding, default: defaults.padding, insets)
        members.set("spacing", screen.spacing, default: defaults.spacing, ScreenFileValue.number)
        members.set("scrolls", screen.scrolls, default: defaults.scrolls, ScreenFileValue.bool)
        members.set("minimumCategory", screen.minimumCategory) { .string($0.name) }
        members.set("maximumCategory", screen.maximumCategory) { .string($0.name) }
        members.set("views", .array(screen.views.map(value)))
        return members.value
    }

    static func value(_ view: ScreenView) -> ScreenFileValue {
        var members = Members()
        members.set("kind", .string(view.kind.rawValue))
        members.set("id", .string(view.id))
        members.set("minimumCategory", view.limits.minimum) { .string($0.name) }
        members.set("maximumCategory", view.limits.maximum) { .string($0.name) }
        switch view {
        case .label(let spec):
            label(spec, into: &members)
        case .button(let spec):
            let defaults = ButtonSpec(id: spec.id, title: spec.title)
            label(spec.title, into: &members)
            members.set("contentInsets", spec.contentInsets, default: defaults.contentInsets, insets)
            members.set("minimumTapTarget", spec.minimumTapTarget, default: defaults.minimumTapTarget, ScreenFileValue.number)
            members.set("cornerRadius", spec.cornerRadius, default: defaults.cornerRadius, ScreenFileValue.number)
        case .image(let spec):
            let defaults = ImageSpec(id: spec.id, width: 0, height: 0)
            members.set("width", .number(spec.width))
            members.set("height", .number(spec.height))
            members.set("scalesWith", spec.scalesWith) { .string($0.name) }
            members.set("maximumSize", spec.maximumSize, ScreenFileValue.number)
            members.set("circular", spec.circular, default: defaults.circular, ScreenFileValue.bool)
            members.set("color", spec.color, default: defaults.color, color)
            members.set("label", spec.label, ScreenFileValue.string)
        case .textView(let spec):
            let defaults = TextViewSpec(id: spec.id)
            text(spec.text, into: &members)
            members.set("file", spec.file, ScreenFileValue.string)
            font(spec.font, default: defaults.font, into: &members)
            members.set("rules", spec.rules, ScreenFileValue.string)
            if !spec.exclusions.isEmpty { members.set("exclusions", .array(spec.exclusions.map(exclusion))) }
            members.set("height", spec.height, ScreenFileValue.number)
            if spec.columns != 1 { members.set("columns", .number(Double(spec.columns))) }
            members.set("insets", spec.insets, default: defaults.insets, insets)
            members.set("color", spec.color, default: defaults.color, color)
            members.set("background", spec.background, color)
            members.set(
                "adjustsFontForContentSizeCategory", spec.adjustsFontForContentSizeCategory,
                default: defaults.adjustsFontForContentSizeCategory, ScreenFileValue.bool)
        case .stack(let spec):
            let defaults = StackSpec(id: spec.id, axis: spec.axis, children: [])
            members.set("axis", .string(spec.axis.rawValue))
            members.set("accessibilityAxis", spec.accessibilityAxis) { .string($0.rawValue) }
            members.set("spacing", spec.spacing, default: defaults.spacing, ScreenFileValue.number)
            members.set("alignment", spec.alignment, default: defaults.alignment) { .string($0.rawValue) }
            members.set("padding", spec.padding, default: defaults.padding, insets)
            members.set("width", spec.width, ScreenFileValue.number)
            members.set("background", spec.background, color)
            members.set("children", .array(spec.children.map(value)))
        case .table(let spec):
            let defaults = TableSpec(id: spec.id, cell: spec.cell, rows: [])
            members.set("cell", value(spec.cell))
            members.set(
                "rows",
                .array(spec.rows.map { row in .object(row.keys.sorted().map { .init($0, .string(row[$0]!)) }) }))
            if case .fixed(let height) = spec.rowHeight { members.set("rowHeight", .number(height)) }
            members.set("cellPadding", spec.cellPadding, default: defaults.cellPadding, insets)
            members.set("separators", spec.separators, default: defaults.separators, ScreenFileValue.bool)
            members.set("background", spec.background, color)
        }
        return members.value
    }

    // MARK: Parts

    private static func label(_ spec: LabelSpec, into members: inout Members) {
        let defaults = LabelSpec(id: spec.id, text: spec.text)
        text(spec.text, into: &members)
        font(spec.font, default: defaults.font, into: &members)
        members.set("lines", spec.lines, default: defaults.lines) { .number(Double($0)) }
        members.set("lineBreak", spec.lineBreak, default: defaults.lineBreak) { .string($0.rawValue) }
        members.set("width", spec.width, ScreenFileValue.number)
        members.set("insets", spec.insets, default: defaults.insets, insets)
        members.set("color", spec.color, default: defaults.color, color)
        members.set("background", spec.background, color)
        members.set("alignment", spec.alignment, default: defaults.alignment) { .string($0.rawValue) }
        members.set(
            "adjustsFontForContentSizeCategory", spec.adjustsFontForContentSizeCategory,
            default: defaults.adjustsFontForContentSizeCategory, ScreenFileValue.bool)
        members.set("minimumScaleFactor", spec.minimumScaleFactor, ScreenFileValue.number)
    }

    private static func text(_ source: TextSource?, into members: inout Members) {
        switch source {
        case .literal(let text): members.set("text", .string(text))
        // Screen files know keys with arguments only: a key without them is written as one (its
        // text then formatted when read back, so `%` in it should be `%%`).
        case .key(let key), .keyWithoutArguments(let key): members.set("key", .string(key))
        case nil: break
        }
    }

    private static func font(_ font: FontSpec, default defaultFont: FontSpec, into members: inout Members) {
        guard font != defaultFont else { return }
        switch font.kind {
        case .style(let style): members.set("style", .string(style.name))
        case .custom(let custom):
            var object = Members()
            object.set("family", custom.family, ScreenFileValue.string)
            object.set("file", custom.file, ScreenFileValue.string)
            object.set("size", .number(custom.size))
            object.set("weight", custom.weight, default: .regular) { .string($0.name) }
            object.set("italic", custom.italic, default: false, ScreenFileValue.bool)
            object.set("relativeTo", custom.relativeTo) { .string($0.name) }
            object.set("maximumPointSize", custom.maximumPointSize, ScreenFileValue.number)
            members.set("font", object.value)
        }
    }

    private static func exclusion(_ exclusion: TextViewExclusion) -> ScreenFileValue {
        let (shape, x, y, width, height): (String, Double, Double, Double, Double)
        switch exclusion {
        case .rect(let rx, let ry, let rw, let rh): (shape, x, y, width, height) = ("rect", rx, ry, rw, rh)
        case .ellipse(let ex, let ey, let ew, let eh): (shape, x, y, width, height) = ("ellipse", ex, ey, ew, eh)
        case .polygon(let points):
            return .object([
                .init("shape", .string("polygon")),
                .init("points", .array(points.map { .array([.number($0.x), .number($0.y)]) })),
            ])
        case .image(let file, let ix, let iy, let iw):
            return .object([
                .init("shape", .string("image")), .init("file", .string(file)), .init("x", .number(ix)), .init("y", .number(iy)),
                .init("width", .number(iw)),
            ])
        }
        return .object([
            .init("shape", .string(shape)), .init("x", .number(x)), .init("y", .number(y)), .init("width", .number(width)),
            .init("height", .number(height)),
        ])
    }

    /// The shortest of the three insets forms that says it exactly.
    private static func insets(_ insets: EdgeInsets) -> ScreenFileValue {
        if insets == EdgeInsets(all: insets.top) { return .number(insets.top) }
        if insets == EdgeInsets(vertical: insets.top, horizontal: insets.leading) {
            return .object([.init("vertical", .number(insets.top)), .init("horizontal", .number(insets.leading))])
        }
        var members = Members()
        members.set("top", insets.top, default: 0, ScreenFileValue.number)
        members.set("leading", insets.leading, default: 0, ScreenFileValue.number)
        members.set("bottom", insets.bottom, default: 0, ScreenFileValue.number)
        members.set("trailing", insets.trailing, default: 0, ScreenFileValue.number)
        return members.value
    }

    /// A named colour's name when it is one exactly (names round-trip; `gray` is not 8-bit exact).
    private static func color(_ color: RGBAColor) -> ScreenFileValue {
        if let name = RGBAColor.namedColors.keys.sorted().first(where: { RGBAColor.namedColors[$0] == color }) {
            return .string(name)
        }
        return .string(color.hexString)
    }
}
