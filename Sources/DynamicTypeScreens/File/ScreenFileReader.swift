import DynamicTypeCore
import TextStack

/// Turns a parsed screen file into the model, checking everything the format promises (known
/// keys and names, types, ranges, unique ids, nesting depth) so every error names its field.
struct ScreenFileReader {
    let origin: String
    /// Ids seen so far → the path of the view that used it first.
    private var seenIDs: [String: String] = [:]

    init(origin: String) { self.origin = origin }

    // MARK: Screen

    mutating func screen(_ value: ScreenFileValue) throws(ScreenFileError) -> Screen {
        let root = try ScreenFileObject(value, path: "$", origin: origin, what: "a screen")
        // The version comes first: a newer file's keys would otherwise read as unknown keys.
        guard let version = root.value("schemaVersion") else {
            throw root.error("schemaVersion", .missingField, "missing required field 'schemaVersion' (use 1)")
        }
        guard case .number(let number) = version else { throw root.wrongType("schemaVersion", "the number 1", version) }
        guard number == Double(Screen.currentSchemaVersion) else {
            throw root.error(
                "schemaVersion", .unsupportedVersion,
                "schemaVersion \(ScreenFileObject.format(number)) is not supported; this reader understands \(Screen.currentSchemaVersion)")
        }
        try root.checkKeys(ScreenFileKeys.screen, in: "a screen")
        let name = try root.string("name", in: "a screen")
        let device = try root.optionalString("device")
        if let device, DeviceCatalog.bundled.device(named: device) == nil {
            let allowed = DeviceCatalog.bundled.devices.map(\.id)
            var message = "unknown device '\(device)'"
            if let suggestion = ClosestMatch.find(device, among: allowed) { message += " (did you mean '\(suggestion)'?)" }
            throw root.error("device", .invalidValue, message + "; allowed: " + allowed.joined(separator: ", "))
        }
        let limits = try root.limits()
        guard let viewValues = try root.optionalArray("views") else {
            throw root.error("views", .missingField, "missing required field 'views' in a screen")
        }
        let defaults = Screen(name: name, views: [])
        return Screen(
            name: name, device: device, width: try root.optionalNumber("width", in: ScreenFile.widthRange, unit: " pt"),
            background: try root.optionalColor("background") ?? defaults.background,
            padding: try root.optionalInsets("padding") ?? defaults.padding, spacing: try root.optionalSize("spacing") ?? defaults.spacing,
            scrolls: try root.optionalBool("scrolls") ?? defaults.scrolls, minimumCategory: limits.minimum,
            maximumCategory: limits.maximum, views: try views(viewValues, path: root.fieldPath("views"), depth: 1))
    }

    private mutating func views(_ values: [ScreenFileValue], path: String, depth: Int) throws(ScreenFileError) -> [ScreenView] {
        var result: [ScreenView] = []
        for (index, value) in values.enumerated() {
            result.append(try view(value, path: "\(path)[\(index)]", depth: depth))
        }
        return result
    }

    // MARK: Views

    /// One view at `path`, `depth` levels down (top-level views are at depth 1).
    mutating func view(_ value: ScreenFileValue, path: String, depth: Int) throws(ScreenFileError) -> ScreenView {
        let object = try ScreenFileObject(value, path: path, origin: origin, what: "a view")
        guard depth <= ScreenFile.maximumNestingDepth else {
            throw object.error(nil, .tooDeep, "views nest deeper than \(ScreenFile.maximumNestingDepth) levels")
        }
        let kindName = try object.string("kind", in: "a view")
        guard let kind = ScreenView.Kind(rawValue: kindName) else {
            let allowed = ScreenView.Kind.allCases.map(\.rawValue)
            var message = "unknown kind '\(kindName)'"
            if let suggestion = ClosestMatch.find(kindName, among: allowed) { message += " (did you mean '\(suggestion)'?)" }
            throw object.error("kind", .invalidValue, message + "; allowed: " + allowed.joined(separator: ", "))
        }
        let what = "a \(kind.rawValue)"
        try object.checkKeys(ScreenFileKeys.keys(for: kind), in: what)
        let id = try object.string("id", in: what)
        if id.isEmpty { throw object.error("id", .invalidValue, "an id must not be empty") }
        if let first = seenIDs[id] {
            throw object.error("id", .duplicateID, "duplicate id '\(id)' (first used by the view at \(first))")
        }
        seenIDs[id] = path
        let limits = try object.limits()
        switch kind {
        case .label:
            return .label(try label(object, id: id, limits: limits, what: what))
        case .button:
            let defaults = ButtonSpec(id: id, title: LabelSpec(id: id, text: .literal("")))
            return .button(
                ButtonSpec(
                    // The title is part of the button, not a view of its own: it shares the button's id.
                    id: id, title: try label(object, id: id, limits: .none, what: what),
                    contentInsets: try object.optionalInsets("contentInsets") ?? defaults.contentInsets,
                    minimumTapTarget: try object.optionalSize("minimumTapTarget") ?? defaults.minimumTapTarget,
                    cornerRadius: try object.optionalSize("cornerRadius") ?? defaults.cornerRadius, limits: limits))
        case .image:
            let defaults = ImageSpec(id: id, width: 0, height: 0)
            return .image(
                ImageSpec(
                    id: id, width: try object.size("width", in: what), height: try object.size("height", in: what),
                    scalesWith: try object.optionalStyle("scalesWith"), maximumSize: try object.optionalSize("maximumSize"),
                    circular: try object.optionalBool("circular") ?? defaults.circular,
                    color: try object.optionalColor("color") ?? defaults.color, label: try object.optionalString("label"),
                    limits: limits))
        case .textView:
            return .textView(try textView(object, id: id, limits: limits, what: what))
        case .stack:
            guard let axis = try object.optionalName("axis", as: StackAxis.self, what: "axis") else {
                throw object.error("axis", .missingField, "missing required field 'axis' in a stack (horizontal or vertical)")
            }
            guard let childValues = try object.optionalArray("children") else {
                throw object.error("children", .missingField, "missing required field 'children' in a stack")
            }
            let defaults = StackSpec(id: id, axis: axis, children: [])
            return .stack(
                StackSpec(
                    id: id, axis: axis,
                    accessibilityAxis: try object.optionalName("accessibilityAxis", as: StackAxis.self, what: "axis"),
                    spacing: try object.optionalSize("spacing") ?? defaults.spacing,
                    alignment: try object.optionalName("alignment", as: StackAlignment.self, what: "alignment")
                        ?? defaults.alignment,
                    padding: try object.optionalInsets("padding") ?? defaults.padding, width: try object.optionalSize("width"),
                    background: try object.optionalColor("background"),
                    children: try views(childValues, path: object.fieldPath("children"), depth: depth + 1), limits: limits))
        case .table:
            return .table(try table(object, id: id, limits: limits, depth: depth, what: what))
        }
    }

    // MARK: Kinds

    /// A label's fields (also a button's title).
    private func label(_ object: ScreenFileObject, id: String, limits: CategoryLimits, what: String) throws(ScreenFileError)
        -> LabelSpec
    {
        let defaults = LabelSpec(id: id, text: .literal(""))
        let text: TextSource =
            try object.oneOf(["text", "key"], required: true, in: what) == "text"
            ? .literal(try object.string("text", in: what)) : .key(try object.string("key", in: what))
        let lines = try object.optionalInteger("lines") ?? defaults.lines
        guard (0...10_000).contains(lines) else {
            throw object.error("lines", .invalidValue, "must be 0 (unlimited) to 10000, found \(lines)")
        }
        let scale = try object.optionalNumber("minimumScaleFactor")
        if let scale, !(scale > 0 && scale <= 1) {
            throw object.error("minimumScaleFactor", .invalidValue, "must be in (0, 1], found \(ScreenFileObject.format(scale))")
        }
        return LabelSpec(
            id: id, text: text, font: try font(object, what: what) ?? defaults.font, lines: lines,
            lineBreak: try object.optionalName("lineBreak", as: LineBreak.self, what: "lineBreak") ?? defaults.lineBreak,
            width: try object.optionalSize("width"), insets: try object.optionalInsets("insets") ?? defaults.insets,
            color: try object.optionalColor("color") ?? defaults.color, background: try object.optionalColor("background"),
            alignment: try object.optionalName("alignment", as: LabelAlignment.self, what: "alignment") ?? defaults.alignment,
            adjustsFontForContentSizeCategory: try object.optionalBool("adjustsFontForContentSizeCategory")
                ?? defaults.adjustsFontForContentSizeCategory,
            minimumScaleFactor: scale, limits: limits)
    }

    private func textView(_ object: ScreenFileObject, id: String, limits: CategoryLimits, what: String) throws(ScreenFileError)
        -> TextViewSpec
    {
        let defaults = TextViewSpec(id: id)
        var text: TextSource?
        var file: String?
        switch try object.oneOf(["text", "key", "file"], required: true, in: what) {
        case "text": text = .literal(try object.string("text", in: what))
        case "key": text = .key(try object.string("key", in: what))
        default: file = try object.string("file", in: what)
        }
        var exclusions: [TextViewExclusion] = []
        for (index, value) in (try object.optionalArray("exclusions") ?? []).enumerated() {
            exclusions.append(try exclusion(value, path: "\(object.fieldPath("exclusions"))[\(index)]"))
        }
        var spec = TextViewSpec(
            id: id, text: text, file: file, font: try font(object, what: what) ?? defaults.font,
            rules: try object.optionalString("rules"), exclusions: exclusions, height: try object.optionalSize("height"),
            insets: try object.optionalInsets("insets") ?? defaults.insets, color: try object.optionalColor("color") ?? defaults.color,
            background: try object.optionalColor("background"),
            adjustsFontForContentSizeCategory: try object.optionalBool("adjustsFontForContentSizeCategory")
                ?? defaults.adjustsFontForContentSizeCategory,
            limits: limits)
        if let columns = try object.optionalInteger("columns") {
            guard (1...12).contains(columns) else { throw object.error("columns", .invalidValue, "\(columns) columns: give 1…12") }
            guard columns == 1 || spec.height != nil else {
                throw object.error("columns", .missingField, "columns need a fixed 'height' for the text to flow from one into the next")
            }
            spec.columns = columns
        }
        return spec
    }

    private func exclusion(_ value: ScreenFileValue, path: String) throws(ScreenFileError) -> TextViewExclusion {
        let object = try ScreenFileObject(value, path: path, origin: origin, what: "an exclusion")
        try object.checkKeys(ScreenFileKeys.exclusion, in: "an exclusion")
        let shape = try object.string("shape", in: "an exclusion")
        if shape == "polygon" {
            for key in ["x", "y", "width", "height", "file"] where object.has(key) {
                throw object.error(key, .conflictingFields, "a polygon exclusion has only 'points'")
            }
            guard let list = try object.optionalArray("points") else {
                throw object.error("points", .missingField, "missing required field 'points' in a polygon exclusion: [[x, y], …]")
            }
            var points: [Point] = []
            for (index, item) in list.enumerated() {
                guard case .array(let pair) = item, pair.count == 2, case .number(let x) = pair[0], case .number(let y) = pair[1]
                else {
                    throw object.error("points", .wrongType, "point \(index) must be [x, y] in points")
                }
                guard ScreenFile.offsetRange.contains(x), ScreenFile.offsetRange.contains(y) else {
                    throw object.error(
                        "points", .invalidValue,
                        "point \(index) [\(ScreenFileObject.format(x)), \(ScreenFileObject.format(y))] is outside "
                            + "\(ScreenFileObject.format(ScreenFile.offsetRange.lowerBound))…\(ScreenFileObject.format(ScreenFile.offsetRange.upperBound)) pt")
                }
                points.append(Point(x: x, y: y))
            }
            guard points.count >= 3 else {
                throw object.error("points", .invalidValue, "a polygon needs at least 3 points, found \(points.count)")
            }
            return .polygon(points: points)
        }
        if shape == "image" {
            for key in ["height", "points"] where object.has(key) {
                throw object.error(key, .conflictingFields, "an image exclusion has file, x, y and width (its height follows the image)")
            }
            let file = try object.string("file", in: "an image exclusion")
            for key in ["x", "y"] where !object.has(key) {
                throw object.error(key, .missingField, "missing required field '\(key)' in an exclusion")
            }
            // At least 1 pt: the image's pixels are mapped onto this width (0 would scale them infinitely).
            guard let width = try object.optionalNumber("width", in: 1...ScreenFile.lengthRange.upperBound, unit: " pt") else {
                throw object.error("width", .missingField, "missing required field 'width' in an image exclusion")
            }
            return .image(file: file, x: try object.optionalOffset("x")!, y: try object.optionalOffset("y")!, width: width)
        }
        for key in ["points", "file"] where object.has(key) {
            throw object.error(key, .conflictingFields, "'\(key)' belongs to polygon and image exclusions, not to '\(shape)'")
        }
        for key in ["x", "y"] where !object.has(key) {
            throw object.error(key, .missingField, "missing required field '\(key)' in an exclusion")
        }
        let x = try object.optionalOffset("x")!, y = try object.optionalOffset("y")!
        let width = try object.size("width", in: "an exclusion"), height = try object.size("height", in: "an exclusion")
        switch shape {
        case "rect": return .rect(x: x, y: y, width: width, height: height)
        case "ellipse": return .ellipse(x: x, y: y, width: width, height: height)
        default:
            var message = "unknown shape '\(shape)'"
            if let suggestion = ClosestMatch.find(shape, among: ["rect", "ellipse", "polygon", "image"]) {
                message += " (did you mean '\(suggestion)'?)"
            }
            throw object.error("shape", .invalidValue, message + "; allowed: rect, ellipse, polygon, image")
        }
    }

    private mutating func table(
        _ object: ScreenFileObject, id: String, limits: CategoryLimits, depth: Int, what: String
    ) throws(ScreenFileError) -> TableSpec {
        let cell = try view(try object.required("cell", in: what), path: object.fieldPath("cell"), depth: depth + 1)
        guard let rowValues = try object.optionalArray("rows") else {
            throw object.error("rows", .missingField, "missing required field 'rows' in a table")
        }
        guard rowValues.count <= ScreenFile.maximumTableRows else {
            throw object.error("rows", .invalidValue, "\(rowValues.count) rows; a table lists at most \(ScreenFile.maximumTableRows)")
        }
        var rows: [[String: String]] = []
        for (index, value) in rowValues.enumerated() {
            let row = try ScreenFileObject(
                value, path: "\(object.fieldPath("rows"))[\(index)]", origin: origin, what: "a row (field name → text)")
            var fields: [String: String] = [:]
            for member in row.members {
                guard case .string(let text) = member.value else { throw row.wrongType(member.key, "a string", member.value) }
                fields[member.key] = text
            }
            rows.append(fields)
        }
        var rowHeight = TableRowHeight.automatic
        if let value = object.value("rowHeight") {
            switch value {
            case .string("automatic"): rowHeight = .automatic
            case .number: rowHeight = .fixed(try object.optionalSize("rowHeight")!)
            default:
                throw object.error(
                    "rowHeight", .invalidValue, "expected \"automatic\" or a number of points, found \(value.kindDescription)")
            }
        }
        let defaults = TableSpec(id: id, cell: cell, rows: [])
        return TableSpec(
            id: id, cell: cell, rows: rows, rowHeight: rowHeight,
            cellPadding: try object.optionalInsets("cellPadding") ?? defaults.cellPadding,
            separators: try object.optionalBool("separators") ?? defaults.separators,
            background: try object.optionalColor("background"), limits: limits)
    }

    // MARK: Fonts

    /// `style` or `font` (at most one); nil when neither is given.
    private func font(_ object: ScreenFileObject, what: String) throws(ScreenFileError) -> FontSpec? {
        switch try object.oneOf(["style", "font"], required: false, in: what) {
        case "style": return .style(try object.optionalStyle("style")!)
        case "font":
            let font = try ScreenFileObject(
                try object.required("font", in: what), path: object.fieldPath("font"), origin: origin, what: "a font")
            try font.checkKeys(ScreenFileKeys.font, in: "a font")
            _ = try font.oneOf(["family", "file"], required: false, in: "a font")
            guard font.has("size") else { throw font.error("size", .missingField, "missing required field 'size' in a font") }
            var weight = FontWeight.regular
            if let name = try font.optionalString("weight") {
                guard let parsed = FontWeight(name: name) else {
                    throw font.error(
                        "weight", .invalidValue,
                        "unknown weight '\(name)'; allowed: " + FontWeight.allCases.map(\.name).joined(separator: ", "))
                }
                weight = parsed
            }
            return .custom(
                CustomFont(
                    family: try font.optionalString("family"), file: try font.optionalString("file"),
                    size: try font.optionalPointSize("size")!, weight: weight, italic: try font.optionalBool("italic") ?? false,
                    relativeTo: try font.optionalStyle("relativeTo"), maximumPointSize: try font.optionalPointSize("maximumPointSize")))
        default: return nil
        }
    }
}
