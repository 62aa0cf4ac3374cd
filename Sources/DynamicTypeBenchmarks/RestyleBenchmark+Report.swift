import DynamicTypeAudit
import DynamicTypeCore
import Foundation

extension RestyleBenchmark {
    /// `dyntype bench restyle`'s report (JSON field names are stable): the settings, then the
    /// result's fields at the same level (and the two ratios the result computes).
    package struct Report: Encodable {
        /// The report format's version; bumped on breaking changes.
        package var schemaVersion = 1
        /// The tool, its version and the command.
        package var tool = ReportTool(command: "bench restyle")
        /// The profile's name.
        package var profile: String
        /// The start category's name.
        package var from: String
        /// The category switched to.
        package var to: String
        /// The measurements.
        package var result: Result

        /// The report of `result`, measured with `profile` between `from` and `to`.
        package init(profile: String, from: ContentSizeCategory, to: ContentSizeCategory, result: Result) {
            (self.profile, self.from, self.to, self.result) = (profile, from.name, to.name, result)
        }

        /// What the report adds to the result's own fields.
        private struct Head: Encodable {
            var schemaVersion: Int, tool: ReportTool, profile: String, from: String, to: String
            var fullToTypedRatio: Double, hubDeliveriesPerSecond: Double
        }

        /// The settings, the result's stored fields and its two ratios, all in one object.
        package func encode(to encoder: any Encoder) throws {
            try Head(
                schemaVersion: schemaVersion, tool: tool, profile: profile, from: from, to: to,
                fullToTypedRatio: result.fullToTypedRatio, hubDeliveriesPerSecond: result.hubDeliveriesPerSecond
            ).encode(to: encoder)
            try result.encode(to: encoder)
        }

        /// The report as terminal text.
        package func text() -> String {
            let r = result
            let target = r.fullToTypedRatio >= 100 ? "meets the ≥ 100× target" : "BELOW the 100× target"
            let rows: [(String, String)] = [
                ("initial styling (cold fonts)", ms(r.initialStyleSeconds)),
                ("full restyle, \(from) ↔ \(to) (update())", "\(ms(r.fullRestyleSeconds)) (median of \(r.fullRestyleSamples.count))"),
                (
                    "one typed character in the middle",
                    String(format: "%.1f µs", r.typedSeconds * 1e6)
                        + " (\(r.typedParagraphsTouched) paragraph(s) touched, \(r.typedRestyledLength) units restyled)"
                ),
                ("ratio full / typed", String(format: "%.0f× ", r.fullToTypedRatio) + "(\(target))"),
                (
                    "change hub, \(r.hubObservers) observers",
                    String(format: "%.2f M notifications/s ", r.hubDeliveriesPerSecond / 1e6)
                        + "(\(r.hubDeliveries) in \(ms(r.hubSeconds)))"
                ),
            ]
            let width = rows.map(\.0.count).max() ?? 0
            var lines = [
                "bench restyle: profile \(profile), note of \(r.noteLength) UTF-16 units, \(r.paragraphs) paragraphs, "
                    + "\(r.attributeRuns) attribute runs, \(r.matches) rule matches"
            ]
            for (label, value) in rows {
                lines.append("  " + label + ":" + String(repeating: " ", count: width - label.count + 1) + value)
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
