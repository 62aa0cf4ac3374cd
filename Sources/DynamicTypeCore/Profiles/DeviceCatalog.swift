import DynamicTypeProfiles
import Foundation

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

    /// A device (for a size the catalog does not have).
    public init(id: String, name: String, width: Double, height: Double, scale: Double) {
        self.id = id
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
    }
}

/// The device list from `Profiles/devices.json` (iPhone SE 320 pt, iPhone 15 393 pt,
/// iPhone 15 Pro Max 430 pt, iPad 820 pt).
public struct DeviceCatalog: Sendable {
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
                throw .invalidField(file: origin, path: item.fieldPath("width"), problem: "must be positive")
            }
            devices.append(
                Device(
                    id: try item.string("id"), name: try item.string("name"), width: width,
                    height: try item.number("height"), scale: try item.optionalNumber("scale") ?? 2))
        }
        guard !devices.isEmpty else {
            throw .invalidField(file: origin, path: "devices", problem: "must list at least one device")
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
