import DynamicTypeProfiles
import Foundation

/// How a device is held: its width and height swap, and the keyboard and safe area change.
public enum DeviceOrientation: String, Hashable, Sendable, CaseIterable, Codable {
    /// Taller than wide: the device's width as listed.
    case portrait
    /// Wider than tall: width and height swapped, the safe area and keyboard height of landscape.
    case landscape
}

/// A device screen the previews and layouts can simulate.
public struct Device: Hashable, Sendable {
    /// Identifier used on the command line (`iphone-se`).
    public var id: String
    /// Marketing name.
    public var name: String
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Native pixel scale.
    public var scale: Double
    /// How it is held; ``width`` and ``height`` are for this orientation.
    public var orientation: DeviceOrientation
    /// The height of the system keyboard (English, with the suggestion bar) per orientation, in points.
    public var keyboardHeights: [DeviceOrientation: Double]
    /// The safe-area insets per orientation.
    public var safeAreas: [DeviceOrientation: EdgeInsets]

    /// A device (for a size the catalog does not have), held in portrait.
    public init(
        id: String, name: String, width: Double, height: Double, scale: Double,
        keyboardHeights: [DeviceOrientation: Double] = [:], safeAreas: [DeviceOrientation: EdgeInsets] = [:]
    ) {
        self.id = id
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
        self.orientation = .portrait
        self.keyboardHeights = keyboardHeights
        self.safeAreas = safeAreas
    }

    /// The keyboard's height in the current orientation (0 when the catalog has none).
    public var keyboardHeight: Double { keyboardHeights[orientation] ?? 0 }

    /// The safe-area insets in the current orientation.
    public var safeArea: EdgeInsets { safeAreas[orientation] ?? .zero }

    /// The device held in `orientation`: width and height swap when it changes.
    public func oriented(_ orientation: DeviceOrientation) -> Device {
        guard orientation != self.orientation else { return self }
        var copy = self
        copy.orientation = orientation
        (copy.width, copy.height) = (height, width)
        return copy
    }
}

extension Device {
    /// The bundled catalog's default device (iPhone 15, 393 × 852 pt, 3×).
    public static var standard: Device { DeviceCatalog.bundled.defaultDevice }

    /// A device of the bundled catalog by id (`iphone-se`, `iphone-15`, `iphone-15-pro-max`,
    /// `ipad`), or nil when there is none.
    public static func named(_ id: String) -> Device? { DeviceCatalog.bundled.device(named: id) }
}

/// The device list from `Profiles/devices.json` (iPhone SE 320 pt, iPhone 15 393 pt,
/// iPhone 15 Pro Max 430 pt, iPad 820 pt).
package struct DeviceCatalog: Sendable {
    /// Devices in file order.
    public let devices: [Device]
    /// The default device's id.
    public let defaultID: String

    /// The default device.
    public var defaultDevice: Device { devices.first { $0.id == defaultID } ?? devices[0] }

    /// A device by id or name, case-insensitively.
    public func device(named name: String) -> Device? {
        devices.first { $0.id.caseInsensitiveCompare(name) == .orderedSame || $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Parses the JSON format of `Profiles/devices.json`.
    public init(jsonData: Data, origin: String) throws(ProfileError) {
        let root = try JSONValue.parse(jsonData, origin: origin).object(at: "$", origin: origin)
        var devices: [Device] = []
        for (index, value) in try root.array("devices").enumerated() {
            let item = try value.object(at: "devices[\(index)]", origin: origin)
            let width = try item.number("width")
            guard width > 0 else {
                throw ProfileError.invalidField(file: origin, path: item.fieldPath("width"), problem: "must be positive")
            }
            var keyboards: [DeviceOrientation: Double] = [:]
            var safeAreas: [DeviceOrientation: EdgeInsets] = [:]
            for orientation in DeviceOrientation.allCases {
                let name = orientation.rawValue
                if let keyboard = try item.optionalObject("keyboard")?.optionalNumber(name) {
                    guard keyboard >= 0, keyboard.isFinite else {
                        throw ProfileError.invalidField(file: origin, path: item.fieldPath("keyboard") + "." + name, problem: "must be 0 or more")
                    }
                    keyboards[orientation] = keyboard
                }
                if let insets = try item.optionalObject("safeArea")?.optionalObject(name) {
                    // The catalog names the sides as UIKit does (left, right); layouts run left to right.
                    safeAreas[orientation] = EdgeInsets(
                        top: try insets.optionalNumber("top") ?? 0, leading: try insets.optionalNumber("left") ?? 0,
                        bottom: try insets.optionalNumber("bottom") ?? 0, trailing: try insets.optionalNumber("right") ?? 0)
                }
            }
            devices.append(
                Device(
                    id: try item.string("id"), name: try item.string("name"), width: width,
                    height: try item.number("height"), scale: try item.optionalNumber("scale") ?? 2,
                    keyboardHeights: keyboards, safeAreas: safeAreas))
        }
        guard !devices.isEmpty else {
            throw ProfileError.invalidField(file: origin, path: "devices", problem: "must list at least one device")
        }
        self.devices = devices
        self.defaultID = try root.optionalString("default") ?? devices[0].id
    }

    /// The bundled catalog.
    public static let bundled: DeviceCatalog = {
        guard let data = BundledProfiles.data(named: "devices.json") else {
            fatalError("Profiles/devices.json is missing from the package resources")
        }
        do { return try DeviceCatalog(jsonData: data, origin: "Profiles/devices.json") } catch {
            fatalError("bundled devices.json is invalid: \(error)")
        }
    }()
}
