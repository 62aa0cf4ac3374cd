import Foundation

/// Reads the profile JSON format (`Profiles/README.md`) into a ``TypeRampProfile``, checking every
/// field and naming its path on error. Hand-walked rather than `Codable` so that messages can say
/// exactly which cell is missing and accept the alternative forms (fixed `size`, `null` cells with
/// `fillUnknownFrom`, Android `sp`).
struct ProfileDecoder {
    let origin: String

    /// Sizes and leadings a profile may give, in points: a ramp cell outside it is a typo (an extra
    /// digit, a pixel value) that would otherwise fail much later, in the font resolver or the canvas.
    static let allowedPoints: ClosedRange<Double> = 1...FontDescriptor.maximumPointSize

    /// Checks one ramp value, naming its field.
    func checkPoints(_ value: Double, path: String) throws(ProfileError) {
        guard Self.allowedPoints.contains(value) else {
            throw .invalidField(
                file: origin, path: path,
                problem: "\(PointFormat.string(value)) pt is outside the allowed range \(PointFormat.string(Self.allowedPoints.lowerBound))…\(PointFormat.string(Self.allowedPoints.upperBound)) pt; give a point size (iOS body at large is 17)")
        }
    }

    func decode(_ data: Data) throws(ProfileError) -> TypeRampProfile {
        let root = try JSONValue.parse(data, origin: origin)
        let object = try root.object(at: "$", origin: origin)
        let schema = try object.number("schemaVersion")
        guard schema == 1 else {
            throw .invalidField(
                file: origin, path: "schemaVersion", problem: "version \(schema) is not supported (this build reads 1)")
        }
        let name = try object.string("name")
        let title = try object.optionalString("title") ?? name
        let platform = try object.string("platform")
        let systemFamily = try object.optionalString("systemFamily") ?? FontDescriptor.systemFamily
        let sources = try object.optionalArray("sources").enumerated().map { index, value throws(ProfileError) in
            let item = try value.object(at: "sources[\(index)]", origin: origin)
            return ProfileSource(
                key: try item.string("key"), description: try item.optionalString("description") ?? "",
                url: try item.optionalString("url"))
        }
        let choices = try object.optionalArray("choices").enumerated().map { index, value throws(ProfileError) in
            try value.string(at: "choices[\(index)]", origin: origin)
        }
        let defaultSize = try object.number("defaultSize")
        let minimumSize = try object.number("minimumSize")

        // Categories
        let categoryValues = try object.array("categories")
        guard !categoryValues.isEmpty else {
            throw .invalidField(file: origin, path: "categories", problem: "must list at least one category")
        }
        var categories: [ProfileCategory] = []
        for (index, value) in categoryValues.enumerated() {
            let path = "categories[\(index)]"
            let item = try value.object(at: path, origin: origin)
            let category = try item.category("category")
            if categories.contains(where: { $0.category == category }) {
                throw .invalidField(file: origin, path: path + ".category", problem: "'\(category.name)' is listed twice")
            }
            if let last = categories.last, last.category > category {
                throw .invalidField(
                    file: origin, path: path + ".category", problem: "categories must be in size order (smallest first)")
            }
            categories.append(
                ProfileCategory(
                    category: category, label: try item.optionalString("label"),
                    fontScale: try item.optionalNumber("fontScale")))
        }
        let defaultCategory = try object.optionalCategory("defaultCategory") ?? .large
        guard categories.contains(where: { $0.category == defaultCategory }) else {
            throw .invalidField(
                file: origin, path: "defaultCategory", problem: "'\(defaultCategory.name)' is not in \"categories\"")
        }
        var deviceDefaults: [String: ContentSizeCategory] = [:]
        if let devices = try object.optionalObject("deviceDefaults") {
            for key in devices.keys { deviceDefaults[key] = try devices.category(key) }
        }

        // Bold Text
        var boldText = BoldTextMapping.standard
        if let bold = try object.optionalObject("boldText") {
            let weights = try bold.object("weights")
            var table: [FontWeight: FontWeight] = [:]
            for key in weights.keys {
                guard let from = FontWeight(name: key) else {
                    throw .invalidField(file: origin, path: "boldText.weights.\(key)", problem: "unknown weight '\(key)'")
                }
                table[from] = try weights.weight(key)
            }
            boldText = BoldTextMapping(weights: table, source: try bold.optionalString("source") ?? origin)
        }

        // Tracking
        var tracking: TrackingTable?
        if let table = try object.optionalObject("tracking") {
            let sizes = try table.numbers("sizes")
            let values = try table.numbers("values")
            guard sizes.count == values.count, !sizes.isEmpty else {
                throw .invalidField(
                    file: origin, path: "tracking.values",
                    problem: "has \(values.count) values for \(sizes.count) sizes; give one value per size")
            }
            guard zip(sizes, sizes.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw .invalidField(file: origin, path: "tracking.sizes", problem: "sizes must be strictly ascending")
            }
            tracking = TrackingTable(sizes: sizes, values: values, source: try table.optionalString("source") ?? origin)
        }

        // Android converter
        var converter: AndroidFontScaleConverter?
        if let conv = try object.optionalObject("fontScaleConverter") {
            var tables: [AndroidFontScaleConverter.Table] = []
            for (index, value) in try conv.array("tables").enumerated() {
                let path = "fontScaleConverter.tables[\(index)]"
                let item = try value.object(at: path, origin: origin)
                let fromSp = try item.numbers("fromSp")
                let toDp = try item.numbers("toDp")
                guard fromSp.count == toDp.count, !fromSp.isEmpty,
                    zip(fromSp, fromSp.dropFirst()).allSatisfy({ $0 < $1 })
                else {
                    throw .invalidField(
                        file: origin, path: path, problem: "fromSp must be ascending and as long as toDp")
                }
                tables.append(.init(scale: try item.number("scale"), fromSp: fromSp, toDp: toDp))
            }
            converter = AndroidFontScaleConverter(
                tables: tables, minScaleOffset: try conv.optionalNumber("minScaleOffset") ?? 0.02)
        }

        // Styles
        var styles: [TextStyle] = []
        var styleSources: [TextStyle: String] = [:]
        var cells: [TextStyle: [ContentSizeCategory: StyleMetrics]] = [:]
        var pendingFill: [(style: TextStyle, reference: TextStyle, path: String, sizes: [Double?], leadings: [Double?], weights: (FontWeight, FontWeight))] = []
        let styleValues = try object.array("styles")
        guard !styleValues.isEmpty else {
            throw .invalidField(file: origin, path: "styles", problem: "must list at least one text style (body at least)")
        }
        for (index, value) in styleValues.enumerated() {
            let path = "styles[\(index)]"
            let item = try value.object(at: path, origin: origin)
            let style = try item.style("style")
            if cells[style] != nil {
                throw .invalidField(file: origin, path: path + ".style", problem: "'\(style.name)' is defined twice")
            }
            let weight = try item.weight("weight")
            let emphasized = try item.optionalWeight("emphasizedWeight") ?? weight
            styles.append(style)
            styleSources[style] = try item.optionalString("source")

            func cell(size: Double, leading: Double, derived: Bool) -> StyleMetrics {
                StyleMetrics(
                    size: size, leading: leading, weight: weight, emphasizedWeight: emphasized,
                    trackingPerMille: tracking?.perMille(atSize: size) ?? 0, isDerived: derived)
            }

            var row: [ContentSizeCategory: StyleMetrics] = [:]
            if let sp = try item.optionalNumber("sp") {
                // Android: sizes come from the converter at each step's font scale; the line height keeps
                // its proportion to the converted size.
                guard let converter else {
                    throw .invalidField(
                        file: origin, path: path + ".sp", problem: "\"sp\" needs a top-level \"fontScaleConverter\"")
                }
                let lineHeightSp = try item.number("lineHeightSp")
                for (stepIndex, step) in categories.enumerated() {
                    guard let scale = step.fontScale else {
                        throw .invalidField(
                            file: origin, path: "categories[\(stepIndex)].fontScale",
                            problem: "Android profiles need a fontScale for every category")
                    }
                    let dp = converter.convertSpToDp(sp, fontScale: scale)
                    try checkPoints(dp, path: path + ".sp")
                    try checkPoints(lineHeightSp * dp / sp, path: path + ".lineHeightSp")
                    row[step.category] = cell(size: dp, leading: lineHeightSp * dp / sp, derived: false)
                }
            } else if let size = try item.optionalNumber("size") {
                let leading = try item.number("leading")
                try checkPoints(size, path: path + ".size")
                try checkPoints(leading, path: path + ".leading")
                for step in categories { row[step.category] = cell(size: size, leading: leading, derived: false) }
            } else {
                let sizes = try item.optionalNumbers("sizes", path: path)
                let leadings = try item.optionalNumbers("leadings", path: path)
                for (field, values) in [("sizes", sizes), ("leadings", leadings)] where values.count != categories.count {
                    throw .invalidField(
                        file: origin, path: "\(path).\(field)",
                        problem: "has \(values.count) values but \"categories\" has \(categories.count); "
                            + "give one value per category, in the same order")
                }
                if let referenceName = try item.optionalString("fillUnknownFrom") {
                    let reference: TextStyle
                    do { reference = try TextStyle(parsing: referenceName) } catch {
                        throw .invalidField(file: origin, path: path + ".fillUnknownFrom", problem: "\(error)")
                    }
                    for (field, values) in [("sizes", sizes), ("leadings", leadings)] {
                        for (stepIndex, value) in values.enumerated() {
                            if let value { try checkPoints(value, path: "\(path).\(field)[\(stepIndex)]") }
                        }
                    }
                    pendingFill.append((style, reference, path, sizes, leadings, (weight, emphasized)))
                    cells[style] = [:]
                    continue
                }
                for (stepIndex, step) in categories.enumerated() {
                    guard let size = sizes[stepIndex] else {
                        throw .missingCell(
                            file: origin, style: style.name, category: step.category.name, path: "\(path).sizes[\(stepIndex)]")
                    }
                    guard let leading = leadings[stepIndex] else {
                        throw .missingCell(
                            file: origin, style: style.name, category: step.category.name,
                            path: "\(path).leadings[\(stepIndex)]")
                    }
                    try checkPoints(size, path: "\(path).sizes[\(stepIndex)]")
                    try checkPoints(leading, path: "\(path).leadings[\(stepIndex)]")
                    row[step.category] = cell(size: size, leading: leading, derived: false)
                }
            }
            cells[style] = row
        }

        // Cells known only at some categories scale like their reference style (documented in choices).
        for fill in pendingFill {
            guard let referenceRow = cells[fill.reference], !referenceRow.isEmpty else {
                throw .invalidField(
                    file: origin, path: fill.path + ".fillUnknownFrom",
                    problem: "reference style '\(fill.reference.name)' must be a fully specified style of this profile")
            }
            guard let knownIndex = fill.sizes.firstIndex(where: { $0 != nil }),
                let knownSize = fill.sizes[knownIndex], let knownLeading = fill.leadings[knownIndex]
            else {
                throw .invalidField(
                    file: origin, path: fill.path + ".sizes",
                    problem: "needs at least one category with both a size and a leading")
            }
            let knownCategory = categories[knownIndex].category
            let base = referenceRow[knownCategory]!
            let template = fill.weights
            var row: [ContentSizeCategory: StyleMetrics] = [:]
            for (stepIndex, step) in categories.enumerated() {
                let reference = referenceRow[step.category]!
                let size = fill.sizes[stepIndex] ?? (knownSize * reference.size / base.size).rounded()
                let leading = fill.leadings[stepIndex] ?? (knownLeading * reference.leading / base.leading).rounded()
                row[step.category] = StyleMetrics(
                    size: size, leading: leading, weight: template.0, emphasizedWeight: template.1,
                    trackingPerMille: tracking?.perMille(atSize: size) ?? 0,
                    isDerived: fill.sizes[stepIndex] == nil || fill.leadings[stepIndex] == nil)
            }
            cells[fill.style] = row
        }

        return TypeRampProfile(
            name: name, title: title, platform: platform, origin: origin, systemFamily: systemFamily, sources: sources, choices: choices,
            defaultSize: defaultSize, minimumSize: minimumSize, categories: categories,
            defaultCategory: defaultCategory, deviceDefaults: deviceDefaults, boldText: boldText, tracking: tracking,
            fontScaleConverter: converter, styles: styles, styleSources: styleSources, cells: cells)
    }
}
