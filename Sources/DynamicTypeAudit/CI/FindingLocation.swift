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
