import DynamicTypeCore
import Foundation

extension SwitchReport {
    /// The report as JUnit: one test case per view × category (every category of a sweep; the
    /// target category of a switch), failing with every finding at warning or error that view has
    /// there — not only where a finding first appeared.
    package var junit: JUnitReport {
        let categories = sweep?.categories ?? [settings.to]
        var views: [(id: String, name: String)] = []
        var seen = Set<String>()
        for check in checks where seen.insert(check.view).inserted { views.append((check.view, check.element)) }
        var cases: [JUnitReport.TestCase] = []
        for view in views {
            for category in categories {
                let found = findings.filter { $0.severity >= .warning && $0.category.name == category && $0.view == view.id }
                var test = JUnitReport.TestCase(classname: view.name, name: category)
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
}
