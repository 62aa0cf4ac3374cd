import DynamicTypeCore

/// The words of `dyntype preview`'s closing summary: what was rendered, on which devices.
package enum PreviewSummary {
    /// The devices the views were drawn on, as the summary names them: `iPhone 15, 393 pt`, or each
    /// one once when screens name their own (`iPhone SE, 320 pt; iPhone 15, 393 pt`); the settings'
    /// device when no source has a view.
    package static func devices(sources: [any ViewSource], settings: AuditSettings) -> String {
        var seen: [String] = []
        for (name, width) in sources.flatMap({ $0.devices(settings: settings) }) {
            let text = "\(name), \(PointFormat.string(width)) pt"
            if !seen.contains(text) { seen.append(text) }
        }
        if seen.isEmpty { seen.append("\(settings.device.name), \(PointFormat.string(settings.device.width)) pt") }
        return seen.joined(separator: "; ")
    }

    /// "6 notes + the notes list", "4 screens in 3 locales", or both: every source's counts, those
    /// of the same things summed (screen files and SwiftUI views are both screens).
    package static func inventory(sources: [any ViewSource]) -> String {
        var merged: [ViewInventory] = []
        for item in sources.flatMap(\.summaryInventory) where item.count > 0 {
            if let index = merged.firstIndex(where: { ($0.singular, $0.plural, $0.suffix) == (item.singular, item.plural, item.suffix) }) {
                merged[index].count += item.count
            } else {
                merged.append(item)
            }
        }
        return merged.map(\.text).joined(separator: " and ")
    }

    /// How much of the views read from source was laid out, as one indented line ending in a
    /// newline (empty when no view has a coverage): `  SwiftUI: 12 views in 3 files, 95 % of their
    /// nodes laid out (2 opaque boxes); 4 SF Symbols drawn as boxes (report.json › coverage)`.
    package static func coverage(_ report: PreviewReport) -> String {
        guard let files = report.coverage, !files.isEmpty else { return "" }
        let views = files.reduce(0) { $0 + $1.views }, nodes = files.reduce(0) { $0 + $1.nodes }
        let laidOut = files.reduce(0) { $0 + $1.laidOut }
        var seen = Set<String>()
        // Each view once, whatever the locales it was checked in.
        let declared = report.views.filter { $0.coverage != nil && seen.insert($0.declarationKey).inserted }
        let symbols = declared.reduce(0) { $0 + ($1.coverage?.approximations.count ?? 0) }
        let samples = declared.reduce(0) { $0 + ($1.coverage?.samples.count ?? 0) }
        // Files skipped because they cannot run on iOS (the reader's warnings say which).
        let skipped = report.inputIssues.filter { $0.contains("a macOS-only file") }.count
        let opaque = nodes - laidOut
        // Named by the kind of source the files are (`.swift`: SwiftUI; `.xib`/`.storyboard`: Interface Builder).
        let swift = files.allSatisfy { $0.file.lowercased().hasSuffix(".swift") }
        let label = swift ? "SwiftUI" : files.allSatisfy { !$0.file.lowercased().hasSuffix(".swift") } ? "Interface Builder" : "Views read from source"
        var line = "  \(label): \(views) view\(views == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s"), "
        line += "\(nodes == 0 ? 100 : laidOut * 100 / nodes) % of their nodes laid out"
        line += opaque > 0 ? " (\(opaque) opaque box\(opaque == 1 ? "" : "es"))" : ""
        let standIns = swift ? "SF Symbols at \(symbols) place\(symbols == 1 ? "" : "s") drawn as boxes" : "\(symbols) stand-in\(symbols == 1 ? "" : "s") (custom classes as their base class, SF Symbols as boxes)"
        line += symbols > 0 ? "; \(standIns)" : ""
        line += samples > 0 ? "; \(samples) text\(samples == 1 ? "" : "s") drawn with samples (--samples)" : ""
        line += skipped > 0 ? "; \(skipped) macOS-only file\(skipped == 1 ? "" : "s") skipped" : ""
        return line + " (report.json › coverage)\n"
    }
}
