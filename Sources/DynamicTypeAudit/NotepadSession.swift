import DynamicTypeCore
import FontSystem
import Foundation
import Notepad
import TextStack

/// The whole notepad running — the notes list and one editor per note — wired to one change hub,
/// as the seed app is: each view controller observes `UIContentSizeCategoryDidChangeNotification`.
/// ``switchTo(_:)`` posts a change and times every observer.
///
/// The hub holds the views weakly (``ContentSizeObserver``) and the session holds the hub: a
/// session released after a switch frees everything.
public final class NotepadSession {
    /// The hub the views observe.
    public let hub: ContentSizeHub
    /// The notes list.
    public let list: NotesList
    /// One editor per note, in note order.
    public let editors: [NoteEditor]
    /// The screens (each in one locale), observing the hub after the notepad's views.
    public let screens: [ScreenSession]
    /// What each observer did in the last change, in delivery order.
    public private(set) var deliveries: [ObserverDelivery] = []
    private var tokens: [ContentSizeObservation] = []
    private let recorder: DeliveryRecorder
    private let observers: [TimedObserver]
    private let profile: TypeRampProfile
    private let resolver: FontResolver

    /// Builds the notepad at `setting` and subscribes every view to its own ``hub``.
    /// `listRecomputesOnChange: false` plants the bug class users hit most — a list that keeps its
    /// row heights — so the stale-state check can be tested. `openNotes` limits the editors to those
    /// note indices (a 10,000-note list with one open note).
    public init(
        notes: [Note], viewSize: Size, setting: TextSizeSetting, profile: TypeRampProfile = .ios, rule: RowHeightRule = .seed,
        rules: HighlightRuleSet = .seeds, resolver: FontResolver, listRecomputesOnChange: Bool = true, openNotes: [Int]? = nil,
        screens: [ScreenSession] = [], editorLayout: EditorLayout = .scrolling, keyboardHeight: Double = 0,
        figures: [NoteFigure] = [], exclusions: [BezierPath] = []
    ) throws {
        self.screens = screens
        hub = ContentSizeHub(initial: setting)
        self.profile = profile
        self.resolver = resolver
        list = try NotesList(notes: notes, width: viewSize.width, rule: rule, setting: setting, profile: profile, resolver: resolver)
        // The seed app has one editor open at a time; by default every note gets one so all are checked.
        let open = openNotes ?? Array(notes.indices)
        editors = try open.map {
            let editor = try NoteEditor(
                note: notes[$0], viewSize: viewSize, setting: setting, profile: profile, rules: rules, resolver: resolver,
                layout: editorLayout)
            editor.figures = figures
            editor.exclusions = exclusions
            // The checks compare line ranges and heights; no run below the first screen is listed.
            editor.layoutManager.releasedLinesKeepRuns = false
            return editor
        }
        // Observers in the seed's order: the list view controller first (it is on screen first),
        // then the editors. Each is timed; what it throws is recorded in its delivery.
        let recorder = DeliveryRecorder()
        self.recorder = recorder
        let listView: (any ContentSizeObserver)? = listRecomputesOnChange ? list : nil
        // Without notes (a run of screens only) there is no notes list on screen.
        var observers = notes.isEmpty ? [] : [TimedObserver(listView, name: "notes list", kind: .list, recorder: recorder)]
        for (index, editor) in editors.enumerated() {
            observers.append(TimedObserver(editor, name: "editor: \(editor.note.title)", kind: .editor(index), recorder: recorder))
        }
        for (index, screen) in screens.enumerated() {
            observers.append(TimedObserver(screen, name: screen.name, kind: .screen(index), recorder: recorder))
        }
        // The hub holds observers weakly; the session keeps the timing wrappers alive.
        self.observers = observers
        tokens = observers.map { hub.observe($0) }
        // The keyboard is up before any size change, as when a user writing a note changes the size.
        for editor in editors { keyboard.observe(editor) }
        if keyboardHeight > 0 { keyboard.show(height: keyboardHeight) }
    }

    /// Rotates the device to `size`: every view is told, in the hub's order (list, editors,
    /// screens), and each is timed like a size change's observer.
    @discardableResult
    public func rotate(to size: Size) -> [ObserverDelivery] {
        var views: [(name: String, kind: ObserverDelivery.Kind, view: any ViewTransitionObserver)] = []
        if !list.notes.isEmpty { views.append(("notes list", .list, list)) }
        for (index, editor) in editors.enumerated() { views.append(("editor: \(editor.note.title)", .editor(index), editor)) }
        for (index, screen) in screens.enumerated() { views.append((screen.name, .screen(index), screen)) }
        let clock = ContinuousClock()
        var result: [ObserverDelivery] = []
        for entry in views {
            let start = clock.now
            var failure: String?
            do { try entry.view.viewWillTransition(to: size) } catch { failure = "\(error)" }
            result.append(
                ObserverDelivery(name: entry.name + " (rotation)", kind: entry.kind, seconds: (clock.now - start).seconds, error: failure))
        }
        deliveries += result
        return result
    }

    /// The simulated keyboard the editors observe (`UIKeyboardDidShowNotification`).
    public let keyboard = KeyboardHub()

    /// Posts the change through the hub (every observer runs before this returns) and returns the
    /// observers' reports in delivery order.
    @discardableResult
    public func switchTo(_ setting: TextSizeSetting) -> [ObserverDelivery] {
        recorder.deliveries = []
        hub.set(setting)
        hub.waitUntilIdle()
        deliveries = recorder.deliveries
        return deliveries
    }
}

/// One observer's handling of a change.
public struct ObserverDelivery: Hashable, Sendable, Codable {
    /// What the observer is.
    public enum Kind: Hashable, Sendable, Codable {
        case list
        /// The editor of the note at this index (0-based, as in ``NotepadSession/editors``).
        case editor(Int)
        /// A screen, by its index in ``NotepadSession/screens``.
        case screen(Int)
    }

    /// Human name (`notes list`, `editor: Shopping list`).
    public var name: String
    public var kind: Kind
    /// Time the observer took.
    public var seconds: Double
    /// The error it hit, if any (its view then keeps the old state — a stale-state finding follows).
    public var error: String?
}


/// Collects the deliveries of one change (the hub runs observers one at a time).
final class DeliveryRecorder: @unchecked Sendable {
    // Only touched on the thread that changes the hub, one observer at a time.
    var deliveries: [ObserverDelivery] = []
}

/// Wraps a view to time its handling of each change; the view is held weakly, like every
/// observer. A nil view (a list planted not to recompute) records a delivery that does nothing.
private final class TimedObserver: ContentSizeObserver {
    weak var view: (any ContentSizeObserver)?
    let name: String
    let kind: ObserverDelivery.Kind
    let recorder: DeliveryRecorder

    init(_ view: (any ContentSizeObserver)?, name: String, kind: ObserverDelivery.Kind, recorder: DeliveryRecorder) {
        self.view = view
        self.name = name
        self.kind = kind
        self.recorder = recorder
    }

    func contentSizeDidChange(_ change: ContentSizeChange) throws {
        let clock = ContinuousClock()
        let start = clock.now
        var failure: String?
        do { try view?.contentSizeDidChange(change) } catch { failure = "\(error)" }
        recorder.deliveries.append(ObserverDelivery(name: name, kind: kind, seconds: (clock.now - start).seconds, error: failure))
    }
}
