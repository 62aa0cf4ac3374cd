import DynamicTypeCore

/// The words of `dyntype preview`'s closing summary: what was rendered, on which devices.
package enum PreviewSummary {
    /// The devices the views were drawn on, as the summary names them: `iPhone 15, 393 pt`, or each
    /// one once when screens name their own (`iPhone SE, 320 pt; iPhone 15, 393 pt`).
    package static func devices(notes: Bool, screens: [ScreenDocument], settings: AuditSettings) -> String {
        var seen: [String] = []
        func add(_ name: String, _ width: Double) {
            let text = "\(name), \(PointFormat.string(width)) pt"
            if !seen.contains(text) { seen.append(text) }
        }
        if notes || screens.isEmpty { add(settings.device.name, settings.device.width) }
        for document in screens {
            let device = document.device(for: settings)
            add(device.name, document.screen.width ?? device.width)
        }
        return seen.joined(separator: "; ")
    }

    /// "6 notes + the notes list", "4 screens in 3 locales", or both.
    package static func inventory(notes: Int, screens: Int, locales: Int) -> String {
        var parts: [String] = []
        if notes > 0 { parts.append("\(notes) note\(notes == 1 ? "" : "s") + the notes list") }
        if screens > 0 {
            parts.append("\(screens) screen\(screens == 1 ? "" : "s")" + (locales > 1 ? " in \(locales) locales" : ""))
        }
        return parts.joined(separator: " and ")
    }
}
