// The type ramps, font family map and device list are data: the JSON files beside this one.
// This target exists only so SwiftPM bundles them; `DynamicTypeCore` reads them through here.
import Foundation

/// Access to the JSON files shipped in `Profiles/`.
public enum BundledProfiles {
    /// Names of the bundled type-ramp profiles (file stems).
    public static let profileNames = ["ios", "ios7", "watchos", "macos", "android"]

    /// The raw bytes of a bundled file such as `ios.json` or `font-families.json`, or `nil` if absent.
    public static func data(named fileName: String) -> Data? {
        let stem = (fileName as NSString).deletingPathExtension
        let ext = (fileName as NSString).pathExtension
        guard let url = Bundle.module.url(forResource: stem, withExtension: ext.isEmpty ? "json" : ext) else {
            return nil
        }
        return try? Data(contentsOf: url)
    }
}
