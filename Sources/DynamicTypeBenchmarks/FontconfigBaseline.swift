import DynamicTypeCore
import FontSystem
import Foundation

/// Plain fontconfig timings, the baseline `dyntype bench fonts` compares the resolver against.
///
/// It runs on FontSystem's own `FontconfigContext` (package API), so the baseline loads exactly the
/// configuration the resolver uses (system fonts.conf plus the Type 1 rejection) and the package
/// keeps one file of fontconfig calls.
package enum FontconfigBaseline {
    /// Seconds fontconfig itself needs to start a configuration and to run one `FcFontMatch` per
    /// distinct descriptor (the descriptor's first candidate family), with no FreeType and no caching.
    package static func measure(_ descriptors: [FontDescriptor], familyMap: FontFamilyMap = .bundled) throws(FontSystemError)
        -> (startup: Double, matching: Double)
    {
        let clock = ContinuousClock()
        let start = clock.now
        let context = try FontconfigContext()
        let started = clock.now
        // The resolver matches each distinct (family, weight, slant, size) once; so does the baseline.
        var seen = Set<String>()
        for descriptor in descriptors
        where seen.insert("\(descriptor.family)|\(descriptor.weight.cssValue)|\(descriptor.isItalic)|\(descriptor.size)").inserted {
            let family = familyMap.candidates(for: descriptor.family, size: descriptor.size)[0]
            _ = try context.match(
                family: family, weightClass: descriptor.weight.cssValue, italic: descriptor.isItalic, size: descriptor.size)
        }
        let end = clock.now
        return ((started - start).seconds, (end - started).seconds)
    }
}
