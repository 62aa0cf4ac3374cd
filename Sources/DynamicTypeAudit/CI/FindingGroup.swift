import DynamicTypeCore

/// One problem as a reviewer sees it: the same view, kind, element and locale across the
/// categories it appears at. Annotations and SARIF results show groups, not one line per
/// category: a title truncated from AX1 to AX5 is one problem with a first category.
package struct FindingGroup: Sendable {
    /// The finding at the first category it appears at.
    package var first: Finding
    /// Every category it appears at, smallest first.
    package var categories: [ContentSizeCategory]
    /// The worst severity across them.
    package var severity: Finding.Severity

    /// `findings` grouped, in the order their first members come.
    package static func groups(_ findings: [Finding]) -> [FindingGroup] {
        struct Key: Hashable {
            var view: String?, kind: Finding.Kind, element: String, locale: String?
        }
        var order: [Key] = []
        var groups: [Key: FindingGroup] = [:]
        for finding in findings {
            let key = Key(view: finding.view, kind: finding.kind, element: finding.element, locale: finding.locale)
            if var group = groups[key] {
                if finding.category < group.first.category { group.first = finding }
                if !group.categories.contains(finding.category) { group.categories.append(finding.category) }
                group.severity = max(group.severity, finding.severity)
                groups[key] = group
            } else {
                order.append(key)
                groups[key] = FindingGroup(first: finding, categories: [finding.category], severity: finding.severity)
            }
        }
        return order.compactMap { key in
            groups[key].map { group in
                var sorted = group
                sorted.categories.sort()
                return sorted
            }
        }
    }

    /// `from accessibility1` (with `to accessibility5` when it spans more than one category).
    package var categoryText: String {
        guard let last = categories.last, last != first.category else { return "at \(first.category.name)" }
        let gaps = categories.count != last.rawValue - first.category.rawValue + 1
        return "from \(first.category.name) to \(last.name)" + (gaps ? " (\(categories.count) categories)" : "")
    }

    /// The message for annotations and SARIF: `truncated from accessibility1 to accessibility5
    /// [de] in checkout.de, Checkout: buy: 'Jetzt kaufen' needs 2 lines, has 1`.
    package var message: String {
        "\(first.kind.rawValue) \(categoryText)\(first.locale.map { " [\($0)]" } ?? "") in \(first.view ?? "the type ramp"), \(first.element): \(first.message)"
    }
}
