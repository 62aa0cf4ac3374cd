import DynamicTypeAudit
import DynamicTypeCore
import Foundation

/// The settings a page asks for in a request's query (`device`, `orientation`, `boldText`,
/// `profile`, `keyboard`, `scale`) on top of the server's defaults. Only bundled profiles and
/// devices are accepted: nothing in a request names a file.
struct PreviewQuery: Hashable, Sendable {
    var device: String
    var orientation: DeviceOrientation
    var boldText: Bool
    var profile: String
    var keyboard: String?
    var scale: Double

    /// Why a query is refused (a 400).
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    static let parameters: Set<String> = ["device", "orientation", "boldText", "profile", "keyboard", "scale", "g"]

    /// The query over `defaults`.
    init(_ items: [(String, String)], defaults: PreviewQuery) throws(Invalid) {
        self = defaults
        for (name, value) in items {
            switch name {
            case "device":
                guard DeviceCatalog.bundled.device(named: value) != nil else {
                    throw Invalid(description: "unknown device '\(value)'; known: " + DeviceCatalog.bundled.devices.map(\.id).joined(separator: ", "))
                }
                device = value
            case "orientation":
                guard let parsed = DeviceOrientation(rawValue: value) else { throw Invalid(description: "orientation is portrait or landscape") }
                orientation = parsed
            case "boldText":
                switch value {
                case "1", "true", "on": boldText = true
                case "0", "false", "off": boldText = false
                default: throw Invalid(description: "boldText is true or false")
                }
            case "profile":
                guard TypeRampProfile.bundledNames.contains(value) else {
                    throw Invalid(description: "unknown profile '\(value)'; bundled: " + TypeRampProfile.bundledNames.joined(separator: ", "))
                }
                profile = value
            case "keyboard":
                guard value == "device" || value == "none" || (Double(value).map { $0 >= 0 && $0 < 2000 } ?? false) else {
                    throw Invalid(description: "keyboard is none, device or a height in points")
                }
                keyboard = value == "none" ? nil : value
            case "scale":
                guard let number = Double(value), [1.0, 2.0, 3.0].contains(number) else { throw Invalid(description: "scale is 1, 2 or 3") }
                scale = number
            case "g":
                break  // the page's cache buster
            default:
                throw Invalid(description: "unknown parameter '\(name)'; known: " + Self.parameters.sorted().joined(separator: ", "))
            }
        }
    }

    /// Defaults.
    init(device: String, orientation: DeviceOrientation, boldText: Bool, profile: String, keyboard: String?, scale: Double) {
        self.device = device
        self.orientation = orientation
        self.boldText = boldText
        self.profile = profile
        self.keyboard = keyboard
        self.scale = scale
    }

    /// The audit settings (the profile and device are bundled, so this cannot fail on a valid query).
    func settings(rules: AuditSettings) throws -> AuditSettings {
        var settings = rules
        settings.profile = try TypeRampProfile.named(profile)
        settings.device = (DeviceCatalog.bundled.device(named: device) ?? DeviceCatalog.bundled.defaultDevice).oriented(orientation)
        settings.legibility = boldText ? .bold : .regular
        switch keyboard {
        case nil: settings.keyboard = .hidden
        case "device"?: settings.keyboard = .device
        case let points?: settings.keyboard = .height(Double(points) ?? 0)
        }
        return settings
    }

    /// A key for caches.
    var cacheKey: String { "\(device)|\(orientation.rawValue)|\(boldText)|\(profile)|\(keyboard ?? "-")|\(scale)" }
}
