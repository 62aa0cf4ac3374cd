import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// The whole notepad — the notes list and one editor per note — wired to one change hub, as the
/// seed app is: each view controller observes `UIContentSizeCategoryDidChangeNotification`.
public final class Notepad {
    /// The hub the views observe.
    public let hub: ContentSizeHub
    /// The notes list.
    public let list: NotesList
    /// One editor per note, in note order.
    public let editors: [NoteEditor]
    /// What each observer did in the last change, in delivery order.
    public private(set) var deliveries: [ObserverDelivery] = []
    private var tokens: [ContentSizeObservation] = []
    private let profile: TypeRampProfile
    private let resolver: FontResolver

    /// Builds the notepad at `setting` and (when `observe` is true) subscribes every view to `hub`.
    /// `listRecomputesOnChange: false` plants the bug class users hit most — a list that keeps its
    /// row heights — so the stale-state check can be tested. `openNotes` limits the editors to those
    /// note indices (a 10,000-note list with one open note).
    public init(
        notes: [Note], viewSize: Size, setting: TextSizeSetting, profile: TypeRampProfile = .ios, rule: RowHeightRule = .seed,
        resolver: FontResolver, listRecomputesOnChange: Bool = true, openNotes: [Int]? = nil
    ) throws {
        hub = ContentSizeHub(initial: setting)
        self.profile = profile
        self.resolver = resolver
        list = try NotesList(notes: notes, width: viewSize.width, rule: rule, setting: setting, profile: profile, resolver: resolver)
        // The seed app has one editor open at a time; by default every note gets one so all are checked.
        let open = openNotes ?? Array(notes.indices)
        editors = try open.map {
            let editor = try NoteEditor(note: notes[$0], viewSize: viewSize, setting: setting, profile: profile, resolver: resolver)
            // The checks compare line ranges and heights; no run below the first screen is listed.
            editor.layoutManager.releasedLinesKeepRuns = false
            return editor
        }
        let box = UncheckedBox(self)
        // Observers in the seed's order: the list view controller first (it is on screen first), then the editors.
        tokens.append(
            hub.observe(.didChange) { change in
                box.value.record(name: "notes list", kind: .list) {
                    if listRecomputesOnChange { try box.value.list.update(to: change.new) }
                }
            })
        for index in editors.indices {
            tokens.append(
                hub.observe(.didChange) { change in
                    let editor = box.value.editors[index]
                    box.value.record(name: "editor: \(editor.note.title)", kind: .editor(index)) {
                        try editor.update(to: change.new)
                    }
                })
        }
    }

    /// Posts the change through the hub (every observer runs before this returns) and returns the
    /// observers' reports in delivery order.
    @discardableResult
    public func switchTo(_ setting: TextSizeSetting) -> [ObserverDelivery] {
        deliveries = []
        hub.set(setting)
        hub.waitUntilIdle()
        return deliveries
    }

    private func record(name: String, kind: ObserverDelivery.Kind, _ body: () throws -> Void) {
        let clock = ContinuousClock()
        let start = clock.now
        var failure: String?
        do { try body() } catch { failure = "\(error)" }
        let elapsed = clock.now - start
        deliveries.append(
            ObserverDelivery(
                name: name, kind: kind,
                seconds: elapsed.seconds, error: failure))
    }
}

/// One observer's handling of a change.
public struct ObserverDelivery: Hashable, Sendable {
    /// What the observer is.
    public enum Kind: Hashable, Sendable {
        case list
        case editor(Int)
    }

    /// Human name (`notes list`, `editor: Shopping list`).
    public var name: String
    public var kind: Kind
    /// Time the observer took.
    public var seconds: Double
    /// The error it hit, if any (its view then keeps the old state — a stale-state finding follows).
    public var error: String?
}

/// Compares a switched notepad with a fresh build at the same setting: any difference is state the
/// switch failed to update.
public enum StaleStateCheck {
    /// Findings for every difference between `switched` and `fresh`.
    public static func compare(_ switched: Notepad, with fresh: Notepad) -> [Finding] {
        let category = fresh.list.setting.category
        var findings: [Finding] = []
        for (row, freshRow) in zip(switched.list.rows, fresh.list.rows) where abs(row.height - freshRow.height) > 1e-9 {
            findings.append(
                Finding(
                    kind: .staleState, severity: .error, element: "list row \(row.index)", category: category,
                    message: "row height \(fmt(row.height)) pt kept after the switch; a fresh build gives \(fmt(freshRow.height)) pt"))
        }
        for (editor, freshEditor) in zip(switched.editors, fresh.editors) {
            let element = "editor: \(editor.note.title)"
            let runs = editor.textStorage.storage.attributeRuns()
            let freshRuns = freshEditor.textStorage.storage.attributeRuns()
            let freshSizes = Set(freshRuns.compactMap { $0.attributes.resolvedFont?.pointSize })
            let stale = runs.filter { run in
                guard let size = run.attributes.resolvedFont?.pointSize else { return false }
                return !freshSizes.contains(size)
            }
            if !stale.isEmpty || runs.map(\.range) != freshRuns.map(\.range) {
                let sizes = Set(stale.compactMap { $0.attributes.resolvedFont?.pointSize }).sorted().map(fmt)
                findings.append(
                    Finding(
                        kind: .staleState, severity: .error, element: element, category: category,
                        message: stale.isEmpty
                            ? "attribute runs differ from a fresh build"
                            : "\(stale.count) text runs kept their old size (\(sizes.joined(separator: ", ")) pt)"))
            }
            if editor.timeIndicator != freshEditor.timeIndicator {
                findings.append(
                    Finding(
                        kind: .staleState, severity: .error, element: element, category: category,
                        message: "time indicator radius \(fmt(editor.timeIndicator.radius)) pt, fresh \(fmt(freshEditor.timeIndicator.radius)) pt"))
            }
            let lines = editor.layoutManager.lineFragments.map(\.characterRange)
            let freshLines = freshEditor.layoutManager.lineFragments.map(\.characterRange)
            if lines != freshLines {
                findings.append(
                    Finding(
                        kind: .staleState, severity: .error, element: element, category: category,
                        message: "layout has \(lines.count) lines, a fresh build \(freshLines.count)"))
            } else if abs(editor.contentHeight - freshEditor.contentHeight) > 0.01 {
                // Same line breaks, other heights: a line kept the leading of the old size.
                findings.append(
                    Finding(
                        kind: .staleState, severity: .error, element: element, category: category,
                        message: "text is \(fmt(editor.contentHeight)) pt tall, a fresh build \(fmt(freshEditor.contentHeight)) pt"))
            }
        }
        return findings
    }

    static func fmt(_ value: Double) -> String { PointFormat.string((value * 100).rounded() / 100) }
}

/// Checks beyond layout: legibility minimums and colour contrast.
public enum LegibilityChecks {
    /// Text drawn smaller than the platform's minimum legible size (HIG: 11 pt on iOS).
    public static func minimumSize(in editor: NoteEditor, profile: TypeRampProfile) -> [Finding] {
        let small = editor.textStorage.storage.attributeRuns().compactMap { run -> Double? in
            guard let size = run.attributes.resolvedFont?.pointSize, size < profile.minimumSize - 1e-9 else { return nil }
            return size
        }
        guard let smallest = small.min() else { return [] }
        return [
            Finding(
                kind: .belowMinimumSize, severity: .warning, element: "editor: \(editor.note.title)", category: editor.setting.category,
                message: "text at \(PointFormat.string(smallest)) pt is below the \(PointFormat.string(profile.minimumSize)) pt minimum")
        ]
    }

    /// Coloured runs whose contrast against the background fails WCAG 2 AA (4.5:1, or 3:1 for large
    /// text: at least 18 pt, or 14 pt bold). The seeds' red ALLCAPS on white is a real case (4.0:1).
    public static func contrast(in editor: NoteEditor, background: RGBAColor = .white) -> [Finding] {
        var worst: [String: (ratio: Double, required: Double, sample: String)] = [:]
        let storage = editor.textStorage.storage
        for run in storage.attributeRuns() {
            guard let color = run.attributes.foregroundColor, run.range.length > 0 else { continue }
            let size = run.attributes.resolvedFont?.pointSize ?? 17
            let bold = (run.attributes.resolvedFont?.weight ?? .regular) >= .bold
            let required = size >= 18 || (bold && size >= 14) ? 3.0 : 4.5
            let ratio = color.contrastRatio(with: background)
            guard ratio < required else { continue }
            let key = color.hexString
            if worst[key] == nil || ratio < worst[key]!.ratio {
                worst[key] = (ratio, required, storage.substring(with: run.range))
            }
        }
        return worst.sorted { $0.key < $1.key }.map { key, value in
            Finding(
                kind: .lowContrast, severity: .warning, element: "editor: \(editor.note.title)", category: editor.setting.category,
                message: String(
                    format: "%@ text (\"%@\") has contrast %.2f:1 against the background; WCAG AA needs %.1f:1", key,
                    String(value.sample.prefix(24)), value.ratio, value.required))
        }
    }
}
