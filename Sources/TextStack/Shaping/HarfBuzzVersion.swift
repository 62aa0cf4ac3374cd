import CFriBidi
import CHarfBuzz

/// Versions of the text-stack libraries, for reports and environment fingerprints.
public enum TextStackLibraries {
    /// HarfBuzz's runtime version, e.g. `6.0.0`.
    public static var harfBuzzVersion: String {
        guard let text = hb_version_string() else { return "unknown" }
        return String(cString: text)
    }

    /// FriBidi's version, e.g. `1.0.8`: the bidi levels, and so run order, depend on its Unicode
    /// data. Taken from the headers built against (`FRIBIDI_VERSION`): the runtime string
    /// `fribidi_version_info` is a mutable C global, which Swift 6 refuses to read.
    public static var friBidiVersion: String { FRIBIDI_VERSION }
}
