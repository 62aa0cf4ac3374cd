import CHarfBuzz

/// Versions of the text-stack libraries, for reports and environment fingerprints.
public enum TextStackLibraries {
    /// HarfBuzz's runtime version, e.g. `6.0.0`.
    public static var harfBuzzVersion: String {
        guard let text = hb_version_string() else { return "unknown" }
        return String(cString: text)
    }
}
