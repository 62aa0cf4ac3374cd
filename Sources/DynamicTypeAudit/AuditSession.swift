import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// Every view of the sources running, wired to one change hub, as the seed app is: each view
/// controller observes `UIContentSizeCategoryDidChangeNotification`. ``switchTo(_:)`` posts a
/// change and times every observer; ``rotate(to:)`` turns the device.
///
/// The hub holds the views weakly (``ContentSizeObserver``) and the session holds the hub: a
/// session released after a switch frees everything.
public final class AuditSession {
    /// The hub the views observe.
    public let hub: ContentSizeHub
    /// The views, in the sources' order (the hub's delivery order).
    public let views: [any LiveView]
    /// What each observer did in the last change, in delivery order.
    public private(set) var deliveries: [ObserverDelivery] = []
    private var tokens: [ContentSizeObservation] = []
    private let recorder: DeliveryRecorder
    private let observers: [TimedObserver]
    /// The keyboard's height over the views (0: hidden).
    public private(set) var keyboardHeight: Double

    /// Builds `views` (each with its source) at `setting` and subscribes each to the session's ``hub``.
    public init(
        views: [(source: any ViewSource, view: SourceView)], setting: TextSizeSetting, settings: AuditSettings, resolver: FontResolver
    ) throws {
        hub = ContentSizeHub(initial: setting)
        self.views = try views.map { try $0.source.build($0.view, setting: setting, settings: settings, resolver: resolver) }
        keyboardHeight = settings.keyboardHeight
        // Observers in the sources' order (the list view controller is on screen first, then the
        // editors, then screens). Each is timed; what it throws is recorded in its delivery.
        let recorder = DeliveryRecorder()
        self.recorder = recorder
        observers = self.views.map { TimedObserver($0, recorder: recorder) }
        // The hub holds observers weakly; the session keeps the timing wrappers alive.
        tokens = observers.map { hub.observe($0) }
    }

    /// The live view with `id`.
    public func view(_ id: String) -> (any LiveView)? { views.first { $0.view.id == id } }

    /// Rotates the device to `size`: every view is told, in the hub's order, and each is timed like
    /// a size change's observer. The keyboard turns with the device (`keyboardHeight`: its height
    /// in the new orientation), as UIKit posts it again with its new frame.
    @discardableResult
    public func rotate(to size: Size, keyboardHeight: Double? = nil) -> [ObserverDelivery] {
        let clock = ContinuousClock()
        var result: [ObserverDelivery] = []
        for view in views {
            let start = clock.now
            var failure: String?
            do { try view.rotate(to: size) } catch { failure = "\(error)" }
            result.append(
                ObserverDelivery(
                    name: ObserverDelivery.name(of: view.view) + " (rotation)", view: view.view.id, seconds: (clock.now - start).seconds,
                    error: failure))
        }
        if let keyboardHeight, self.keyboardHeight > 0 {
            self.keyboardHeight = keyboardHeight
            for view in views { view.keyboardDidChange(height: keyboardHeight) }
        }
        deliveries += result
        return result
    }

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
    /// Human name (`notes list`, `editor: Shopping list`, `screen: Checkout (de)`).
    public var name: String
    /// The view's id (``SourceView/id``).
    public var view: String
    /// Time the observer took.
    public var seconds: Double
    /// The error it hit, if any (its view then keeps the old state — a stale-state finding follows).
    public var error: String?

    /// How deliveries and checks name a view: `notes list`, `editor: <title>`, `screen: <title>`.
    public static func name(of view: SourceView) -> String {
        switch view.kind {
        case .list: "notes list"
        case .note: "editor: \(view.title)"
        default: "\(view.kind): \(view.title)"
        }
    }
}

/// Collects the deliveries of one change (the hub runs observers one at a time).
final class DeliveryRecorder: @unchecked Sendable {
    // Only touched on the thread that changes the hub, one observer at a time.
    var deliveries: [ObserverDelivery] = []
}

/// Wraps a view to time its handling of each change; the view is held weakly, like every observer.
private final class TimedObserver: ContentSizeObserver {
    weak var view: (any LiveView)?
    let name: String
    let id: String
    let recorder: DeliveryRecorder

    init(_ view: any LiveView, recorder: DeliveryRecorder) {
        self.view = view
        name = ObserverDelivery.name(of: view.view)
        id = view.view.id
        self.recorder = recorder
    }

    func contentSizeDidChange(_ change: ContentSizeChange) throws {
        let clock = ContinuousClock()
        let start = clock.now
        var failure: String?
        do { try view?.contentSizeDidChange(change) } catch { failure = "\(error)" }
        recorder.deliveries.append(ObserverDelivery(name: name, view: id, seconds: (clock.now - start).seconds, error: failure))
    }
}
