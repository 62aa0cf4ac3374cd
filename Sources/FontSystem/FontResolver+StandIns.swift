import DynamicTypeCore
import Foundation

extension FontResolver {
    /// The font files this resolver draws `family` with, one per distinct file, sorted: the family
    /// resolved (through the family map, as ``resolve(_:)`` does for a highlight rule's family) at
    /// every weight, upright and italic, at each of the map's size bands. This is the one answer to
    /// "which stand-in is used for Courier New": preview draws with these files, a hermetic
    /// snapshot font set adds them (`HermeticFontSet.includingStandIns`), and a lock records them.
    ///
    /// A family none of whose candidates is installed has no files.
    package func standInFiles(for family: String) -> [String] {
        let bands = familyMap.entry(for: family).flatMap { familyMap.families[$0.name] } ?? []
        let sizes = bands.isEmpty ? [17.0] : bands.map { max($0.from ?? 17, 1) }
        var files = Set<String>()
        for size in sizes {
            for weight in FontWeight.allCases {
                for traits in [SymbolicTraits(), .italic] {
                    let descriptor = FontDescriptor(family: family, size: size, weight: weight, traits: traits)
                    if let font = try? resolve(descriptor) { files.insert(font.filePath) }
                }
            }
        }
        return files.sorted()
    }
}
