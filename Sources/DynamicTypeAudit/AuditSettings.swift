import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// How views are built for an audit — the settings `preview`, `switch`, `snapshot` and `serve`
/// share, whatever the view: the type ramp, the device, Bold Text and the keyboard. What only one
/// kind of view uses belongs to its source (the notepad's row heights, highlight rules, editor
/// layout, figures and exclusions are `NotepadSettings`, held by `NotepadSource`).
public struct AuditSettings: Sendable {
    /// The type ramp.
    public var profile: TypeRampProfile
    /// The simulated device (its width may be overridden).
    public var device: Device
    /// Bold Text.
    public var legibility: LegibilityWeight
    /// Whether text styles that never reach 200 % of their size at `large` are findings (WCAG 1.4.4).
    public var checksGrowth: Bool
    /// The keyboard: hidden, the device's, or a height.
    public var keyboard: KeyboardSetting
    /// Whether text below the first screen keeps its runs (fonts, ranges) for layout dumps, or only
    /// its geometry — the least memory, for what a picture and the checks need.
    public var keepsEveryRun = false

    /// Settings with the defaults: iOS profile, the catalog's default device, Bold Text off, no keyboard.
    public init(
        profile: TypeRampProfile = .ios, device: Device = .standard,
        legibility: LegibilityWeight = .regular, checksGrowth: Bool = false, keyboard: KeyboardSetting = .hidden
    ) {
        self.keyboard = keyboard
        self.profile = profile
        self.device = device
        self.legibility = legibility
        self.checksGrowth = checksGrowth
    }

    /// The view size in points.
    public var viewSize: Size { Size(width: device.width, height: device.height) }

    /// The keyboard's height on ``device`` (0 when hidden).
    public var keyboardHeight: Double { keyboard == .device ? device.keyboardHeight : keyboard.points }

    /// The text-size setting at `category` with these settings' Bold Text.
    public func setting(_ category: ContentSizeCategory) -> TextSizeSetting {
        TextSizeSetting(category: category, legibilityWeight: legibility)
    }
}

/// Whether the keyboard is up, and how tall it is.
public enum KeyboardSetting: Hashable, Sendable {
    /// Hidden.
    case hidden
    /// Up, as tall as the device's keyboard in its orientation (`Profiles/devices.json`).
    case device
    /// Up, this many points tall.
    case height(Double)

    /// The height for `.height`, 0 otherwise (`.device` needs the device: ``AuditSettings/keyboardHeight``).
    public var points: Double {
        if case .height(let points) = self { return points }
        return 0
    }
}
