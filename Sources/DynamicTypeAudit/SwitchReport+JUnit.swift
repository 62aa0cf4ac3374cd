import DynamicTypeCore
import Foundation

extension SwitchReport {
    /// The report as JUnit: one test case per view (the checks' elements) × category (every
    /// category of a sweep; the target category of a switch), failing with the findings at
    /// warning or error that view has there.
    public var junit: JUnitReport {
        let categories = sweep?.categories ?? [settings.to]
        var elements: [String] = []
        for check in checks where elements.last != check.element && !elements.contains(check.element) { elements.append(check.element) }
        var cases: [JUnitReport.TestCase] = []
        for element in elements {
            for category in categories {
                let found = findings.filter { $0.severity >= .warning && $0.category.name == category && Self.finding($0, belongsTo: element) }
                var test = JUnitReport.TestCase(classname: element, name: category)
                if let first = found.first {
                    test.failure = (
                        found.count == 1 ? first.description : "\(first.description) (and \(found.count - 1) more)",
                        found.map(\.description).joined(separator: "\n")
                    )
                }
                cases.append(test)
            }
        }
        return JUnitReport(
            name: sweep == nil ? "dyntype switch \(settings.from) → \(settings.to)" : "dyntype switch --sweep", cases: cases,
            seconds: switchMilliseconds / 1000)
    }

    /// Whether `finding` is about the view a check names (`notes list`, `editor: <title>`,
    /// `screen: <title>`), by the rules the checks use.
    static func finding(_ finding: Finding, belongsTo element: String) -> Bool {
        if element.hasPrefix("screen: ") {
            let screen = finding.element.components(separatedBy: ": ").first ?? finding.element
            return element == "screen: " + screen + (finding.locale.map { " (\($0))" } ?? "")
        }
        return finding.locale == nil
            && (finding.element == element || finding.element.hasPrefix(element + " · ")
                || (element == "notes list" && finding.element.hasPrefix("list ")))
    }
}
