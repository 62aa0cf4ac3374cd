import Foundation

extension Screen {
    /// Every file the screen reads when it is laid out — text views' `file` and `rules`, image
    /// exclusions, font files, and inline images (`{image:…}`) in its literal texts, table rows
    /// and `texts` (translations a caller will use) — resolved against `base` (the screen file's
    /// folder), in order, without duplicates.
    ///
    /// Outputs are checked against these as against the screen file itself: a run must never
    /// write over a file a screen reads.
    public func referencedFiles(base: String?, texts: [String] = []) -> [String] {
        var files: [String] = []
        var seen: Set<String> = []
        func add(_ file: String) {
            let full = ScreenFontResolution.path(file, base: base)
            if seen.insert(full).inserted { files.append(full) }
        }
        func addMarkers(_ text: String) {
            // A marker out of range is reported when the text is laid out; here only files count.
            for marker in (try? InlineImages.markers(in: text)) ?? [] { add(marker.file) }
        }
        func addFont(_ font: FontSpec) {
            if case .custom(let custom) = font.kind, let file = custom.file { add(file) }
        }
        func addLabel(_ label: LabelSpec) {
            if case .literal(let text) = label.text { addMarkers(text) }
            addFont(label.font)
        }
        func visit(_ view: ScreenView) {
            switch view {
            case .label(let spec): addLabel(spec)
            case .button(let spec): addLabel(spec.title)
            case .image, .stack: break
            case .textView(let spec):
                if let file = spec.file { add(file) }
                if let rules = spec.rules, rules != "seeds" { add(rules) }
                if case .literal(let text) = spec.text { addMarkers(text) }
                addFont(spec.font)
                for case .image(let file, _, _, _) in spec.exclusions { add(file) }
            case .table(let spec):
                for row in spec.rows { for value in row.values.sorted() { addMarkers(value) } }
            }
            for child in view.children { visit(child) }
        }
        for view in views { visit(view) }
        for text in texts { addMarkers(text) }
        return files
    }
}
