import DynamicTypeCore
import Foundation

/// Where a finding is in the files a team edits: the screen file at the line of the view's object,
/// the note at its first line, the Swift file at the view's line.
package struct FindingLocation: Hashable, Sendable {
    /// The file, as the source named it.
    package var path: String
    /// The 1-based line.
    package var line: Int

    /// A location.
    package init(path: String, line: Int) { (self.path, self.line) = (path, max(1, line)) }
}

extension ViewSource {
    /// Where `finding` in `view` is: the view's file at its line (line 1 when the source knows no
    /// line), or nil for a view read from no file.
    package func defaultLocation(of finding: Finding, in view: SourceView) -> FindingLocation? {
        // Bundled samples name a pseudo-path (`bundled:…`) no reviewer can open: no location.
        guard let path = view.location, FileManager.default.fileExists(atPath: path) else { return nil }
        return FindingLocation(path: path, line: view.line ?? 1)
    }
}

extension Array where Element == any ViewSource {
    /// A lookup from view ids to locations of findings, over every source's views.
    package func findingLocator() -> @Sendable (Finding) -> FindingLocation? {
        var views: [String: (source: any ViewSource, view: SourceView)] = [:]
        for entry in allViews where views[entry.view.id] == nil { views[entry.view.id] = entry }
        let table = views
        // Locating scans a screen file for the id: once per view and element (the file is read once).
        let cache = LockedDictionary<String, FindingLocationBox>()
        return { finding in
            guard let id = finding.view, let entry = table[id] else { return nil }
            return cache.value(for: id + "\u{0}" + finding.element) {
                FindingLocationBox(location: entry.source.location(of: finding, in: entry.view))
            }.location
        }
    }
}

/// A cached answer, nil included.
package struct FindingLocationBox: Sendable {
    /// The location, or nil when the finding has none.
    package var location: FindingLocation?
}

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

    /// The line a SwiftUI view's element names after its file's name: `Text Row.swift:14` → 14.
    package static func swiftLine(in element: String, file: String) -> Int? {
        let marker = (file as NSString).lastPathComponent + ":"
        guard let found = element.range(of: marker, options: .backwards) else { return nil }
        return Int(element[found.upperBound...].prefix { $0.isASCII && $0.isNumber })
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

/// A source that knows where in its files each finding is (screen files: the line of the view's
/// object). Sources that do not conform locate findings at their view's ``SourceView/line``.
package protocol LocatingViewSource: ViewSource {
    /// Where `finding` in `view` is, or nil.
    func findingLocation(of finding: Finding, in view: SourceView) -> FindingLocation?
}

extension ViewSource {
    /// Where `finding` in `view` is: the source's own answer when it has one, else the view's file
    /// at its line.
    package func location(of finding: Finding, in view: SourceView) -> FindingLocation? {
        if let locating = self as? any LocatingViewSource { return locating.findingLocation(of: finding, in: view) }
        return defaultLocation(of: finding, in: view)
    }
}
