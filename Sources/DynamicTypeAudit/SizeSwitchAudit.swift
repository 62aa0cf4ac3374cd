import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// The size switch as a use case: build every view of the sources at one category, post a change
/// through their hub, time every observer, compare with a fresh build (stale state), and check
/// every view — or walk every category and report each view's findings there and where each first
/// appears.
///
/// ```swift
/// let audit = SizeSwitchAudit(sources: [ScreenSource(screens: screens)], settings: AuditSettings(), resolver: try .shared())
/// let report = try audit.run(from: .large, to: .accessibility3)
/// report.summary.failed   // checks that failed
/// ```
public struct SizeSwitchAudit: Sendable {
    /// Where the views come from.
    public let sources: [any ViewSource]
    /// How the views are built.
    public internal(set) var settings: AuditSettings
    /// Where fonts come from.
    public let resolver: FontResolver
    /// Pixels per point of the images the views would be drawn at (where an image is cut is a
    /// finding, as in a preview at this scale).
    public var scale: Double
    /// The views this audit walks (one sweep shard's), or nil for all.
    var onlyViews: Set<String>?

    /// An audit of the views of `sources`, with `settings`.
    public init(sources: [any ViewSource], settings: AuditSettings, resolver: FontResolver, scale: Double = 2) {
        self.sources = sources
        self.settings = settings
        self.resolver = resolver
        self.scale = scale
    }

    /// The views walked, in report order, with their sources.
    public var views: [(source: any ViewSource, view: SourceView)] {
        sources.allViews.filter { onlyViews?.contains($0.view.id) ?? true }
    }

    /// Every view built at `category`, observing one hub.
    public func build(_ category: ContentSizeCategory) throws -> AuditSession {
        try AuditSession(views: views, setting: settings.setting(category), settings: settings, resolver: resolver)
    }

    /// Every view's findings at its current setting, named by view id, in report order.
    public func findings(_ session: AuditSession) -> [Finding] {
        session.views.flatMap { ViewRenderer.findings(of: $0, profile: settings.profile, scale: scale, category: session.hub.category) }
    }

    /// Switches from `from` to `to` — then, with `rotateTo`, rotates the device — and reports
    /// observers, fonts, stale state (against a fresh build at the new size and orientation) and
    /// findings.
    public func run(from: ContentSizeCategory, to: ContentSizeCategory, rotateTo: DeviceOrientation? = nil) throws -> SwitchReport {
        let clock = ContinuousClock()
        let session = try build(from)
        let before = session.views.map(\.state)
        let fontsBefore = try styleFonts(at: from)
        let switchStart = clock.now
        let switchDeliveries = session.switchTo(settings.setting(to))
        // What the size change alone did: the rotation's rows come after it.
        let afterSwitch = session.views.map(\.state)
        var deliveries = switchDeliveries
        var rotated = self
        if let rotateTo, rotateTo != settings.device.orientation {
            rotated.settings.device = settings.device.oriented(rotateTo)
            deliveries += session.rotate(to: rotated.settings.viewSize, keyboardHeight: rotated.settings.keyboardHeight)
        }
        // Layout is lazy (as in TextKit): the relayout the views need happens on first display.
        for view in session.views { view.ensureLayout() }
        let switchSeconds = (clock.now - switchStart).seconds
        let after = session.views.map(\.state)
        let freshStart = clock.now
        let fresh = try rotated.build(to)
        for view in fresh.views { view.ensureLayout() }
        let freshSeconds = (clock.now - freshStart).seconds
        var findings: [Finding] = []
        for (index, view) in session.views.enumerated() {
            findings += ViewRenderer.named(
                view.staleFindings(comparedWith: fresh.views[index]) + view.changeFindings(before: before[index], after: afterSwitch[index]),
                by: view.view)
        }
        let byID = Dictionary(uniqueKeysWithValues: session.views.map { ($0.view.id, $0) })
        for delivery in deliveries {
            guard let error = delivery.error, let view = byID[delivery.view] else { continue }
            findings += ViewRenderer.named(
                [Finding(kind: .staleState, severity: .error, element: delivery.name, category: to, message: "observer failed: \(error)")],
                by: view.view)
        }
        findings += rotated.findings(session)
        if settings.checksGrowth { findings += try ReadabilityChecks.growthFindings(profile: settings.profile, categories: [from, to]) }
        // Each observer's row shows what its own delivery did: a size change's row the switch
        // (before → after the switch), a rotation's row the rotation (after the switch → after it).
        let indices = Dictionary(uniqueKeysWithValues: session.views.enumerated().map { ($1.view.id, $0) })
        let observers = deliveries.enumerated().map { order, delivery in
            let index = indices[delivery.view] ?? 0
            let isRotation = order >= switchDeliveries.count
            return SwitchReport.Observer(
                order: order + 1, delivery: delivery, view: session.views[index],
                before: isRotation ? afterSwitch[index] : before[index], after: isRotation ? after[index] : afterSwitch[index])
        }
        return SwitchReport(
            context: self, from: from, to: to, environment: ReportEnvironment(resolver: resolver, fonts: session.views.flatMap(\.fontsUsed)),
            fonts: zip(fontsBefore, try styleFonts(at: to)).map { SwitchReport.FontChange(style: $0.0.style, before: $0.0, after: $0.1) },
            observers: observers, switchSeconds: switchSeconds, freshBuildSeconds: freshSeconds, findings: findings, sweep: nil,
            rotation: rotated.settings.device.orientation == settings.device.orientation
                ? nil : "\(settings.device.orientation.rawValue) → \(rotated.settings.device.orientation.rawValue)")
    }

    /// The views a sweep walks, in report order, with their costs: the items `switch --sweep
    /// --shard` splits.
    package var sweepViews: [ShardWorkItem] {
        sources.allViews.map { ShardWorkItem(key: $0.view.id, cost: $0.view.cost) }
    }

    /// Every style's font at `category` (what `preferredFont(forTextStyle:)` gives).
    func styleFonts(at category: ContentSizeCategory) throws -> [SwitchReport.StyleFont] {
        let profile = settings.profile, legibility = settings.legibility
        return try profile.styles.map { style in
            let descriptor = try FontDescriptor.preferred(for: style, category: category, legibilityWeight: legibility, profile: profile)
            let font = try resolver.resolve(descriptor)
            return SwitchReport.StyleFont(
                style: style.name, size: descriptor.size, leading: descriptor.leading ?? font.lineHeight, family: font.familyName,
                file: (font.filePath as NSString).lastPathComponent)
        }
    }
}
