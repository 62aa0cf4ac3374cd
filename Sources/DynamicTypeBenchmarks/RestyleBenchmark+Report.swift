import DynamicTypeAudit
import DynamicTypeCore
import Foundation

extension RestyleBenchmark {
    /// `dyntype bench restyle`'s report (JSON field names are stable).
    package struct Report: Encodable {
        /// The report format's version; bumped on breaking changes.
        package var schemaVersion = 1
        /// The tool, its version and the command.
        package var tool = ReportTool(command: "bench restyle")
        /// The profile's name.
        package var profile: String
        /// The from.
        package var from: String
        /// The to.
        package var to: String
        /// The note length.
        package var noteLength: Int
        /// How many paragraphs.
        package var paragraphs: Int
        /// The attribute runs.
        package var attributeRuns: Int
        /// The matches.
        package var matches: Int
        /// The initial style seconds.
        package var initialStyleSeconds: Double
        /// The full restyle seconds.
        package var fullRestyleSeconds: Double
        /// The full restyle samples.
        package var fullRestyleSamples: [Double]
        /// The typed seconds.
        package var typedSeconds: Double
        /// The typed paragraphs touched.
        package var typedParagraphsTouched: Int
        /// The typed restyled length.
        package var typedRestyledLength: Int
        /// The full to typed ratio.
        package var fullToTypedRatio: Double
        /// The hub observers.
        package var hubObservers: Int
        /// The hub changes.
        package var hubChanges: Int
        /// The hub deliveries.
        package var hubDeliveries: Int
        /// The hub seconds.
        package var hubSeconds: Double
        /// The hub deliveries per second.
        package var hubDeliveriesPerSecond: Double

        /// Makes the value from its parts.
        package init(profile: String, from: ContentSizeCategory, to: ContentSizeCategory, result: RestyleBenchmark.Result) {
            self.profile = profile
            self.from = from.name
            self.to = to.name
            noteLength = result.noteLength
            paragraphs = result.paragraphs
            attributeRuns = result.attributeRuns
            matches = result.matches
            initialStyleSeconds = result.initialStyleSeconds
            fullRestyleSeconds = result.fullRestyleSeconds
            fullRestyleSamples = result.fullRestyleSamples
            typedSeconds = result.typedSeconds
            typedParagraphsTouched = result.typedParagraphsTouched
            typedRestyledLength = result.typedRestyledLength
            fullToTypedRatio = result.fullToTypedRatio
            hubObservers = result.hubObservers
            hubChanges = result.hubChanges
            hubDeliveries = result.hubDeliveries
            hubSeconds = result.hubSeconds
            hubDeliveriesPerSecond = result.hubDeliveriesPerSecond
        }

        /// The report as terminal text.
        package func text() -> String {
            let target = fullToTypedRatio >= 100 ? "meets the ≥ 100× target" : "BELOW the 100× target"
            let rows: [(String, String)] = [
                ("initial styling (cold fonts)", ms(initialStyleSeconds)),
                ("full restyle, \(from) ↔ \(to) (update())", "\(ms(fullRestyleSeconds)) (median of \(fullRestyleSamples.count))"),
                (
                    "one typed character in the middle",
                    String(format: "%.1f µs", typedSeconds * 1e6)
                        + " (\(typedParagraphsTouched) paragraph(s) touched, \(typedRestyledLength) units restyled)"
                ),
                ("ratio full / typed", String(format: "%.0f× ", fullToTypedRatio) + "(\(target))"),
                (
                    "change hub, \(hubObservers) observers",
                    String(format: "%.2f M notifications/s ", hubDeliveriesPerSecond / 1e6)
                        + "(\(hubDeliveries) in \(ms(hubSeconds)))"
                ),
            ]
            let width = rows.map(\.0.count).max() ?? 0
            var lines = [
                "bench restyle: profile \(profile), note of \(noteLength) UTF-16 units, \(paragraphs) paragraphs, "
                    + "\(attributeRuns) attribute runs, \(matches) rule matches"
            ]
            for (label, value) in rows {
                lines.append("  " + label + ":" + String(repeating: " ", count: width - label.count + 1) + value)
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
