/// Versions of the text-stack libraries, for reports and environment fingerprints (package API:
/// the snapshot engine and the CLI's reports record them).
package enum TextStackLibraries {
    /// HarfBuzz's runtime version, e.g. `6.0.0`.
    package static var harfBuzzVersion: String { HarfBuzzCalls.version }

    /// FriBidi's version, e.g. `1.0.8` (the headers built against; see `C/FriBidiCalls.swift`).
    package static var friBidiVersion: String { FriBidiCalls.version }
}
