import DynamicTypeAudit
import DynamicTypeCore
import Foundation

/// The line of a screen file that declares a view id: `"id": "buy"` in JSON, `id: buy` in YAML.
/// Screen files are parsed into a value tree without positions, so the declaration is found in
/// the text; ids are unique within a screen, so the first match is the view's object.
package enum ScreenFileLines {
    /// The line declaring `id` in `text` (nil when none does).
    package static func line(declaring id: String, in text: String) -> Int? {
        guard !id.isEmpty else { return nil }
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // JSON members may share a line ({"kind": "label", "id": "buy", …}).
            if trimmed.contains("\"id\": \"\(id)\"") || trimmed.contains("\"id\":\"\(id)\"") { return number }
            // YAML: `id: buy`, `- id: buy`, `id: "buy"` or `id: 'buy'`, maybe inside a flow mapping.
            for quoted in [id, "\"\(id)\"", "'\(id)'"] {
                for prefix in ["id: ", "- id: ", "{id: ", ", id: "] {
                    if trimmed.hasPrefix(prefix + quoted), trimmed.dropFirst(prefix.count + quoted.count).first.map({ " ,}#".contains($0) }) ?? true {
                        return number
                    }
                    if prefix.first == "{" || prefix.first == ",", trimmed.contains(prefix + quoted + ",") || trimmed.contains(prefix + quoted + "}") {
                        return number
                    }
                }
            }
        }
        return nil
    }

    /// The view id an element names: `Checkout: buy` → `buy`, `Checkout: items[2].price` → `price`.
    package static func viewID(inElement element: String) -> String? {
        guard let colon = element.range(of: ": ") else { return nil }
        var path = element[colon.upperBound...]
        if let dot = path.lastIndex(of: ".") { path = path[path.index(after: dot)...] }
        if let bracket = path.firstIndex(of: "[") { path = path[..<bracket] }
        return path.isEmpty ? nil : String(path)
    }
}
