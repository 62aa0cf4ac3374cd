import DynamicTypeCore
import Foundation

extension Preview {
    /// Every (view, category) the preview draws, with its estimated cost, for ``ShardPlan``: the
    /// view's cost (``SourceView/cost``) scaled by the category (larger text, more lines to lay
    /// out and taller images to compress).
    package func workItems(categories: [ContentSizeCategory]) -> [ShardWorkItem] {
        categories.flatMap { category in
            // xSmall 1×, large 1.3×, AX5 3.75×: roughly how line counts grow.
            let factor = 100 + 25 * category.ordinal
            return views.map { ShardWorkItem(key: Self.itemKey(view: $0.view.id, category: category), cost: $0.view.cost * factor / 100) }
        }
    }

    /// The fingerprint shards of one run share: the settings, categories, scale, every item and
    /// every source's content, plus `extra` (what the caller's options add, such as rule
    /// or figure files). A shard built from another commit or other options gets another one.
    package func runFingerprint(categories: [ContentSizeCategory], extra: [String]) -> String {
        let settingsPart: String
        if let report = try? JSONEncoder.sorted.encode(PreviewReport.settings(of: self)) {
            settingsPart = String(decoding: report, as: UTF8.self)
        } else {
            settingsPart = ""
        }
        var parts = ["preview", ReportTool.version, settingsPart] + categories.map(\.name)
        parts += workItems(categories: categories).map(\.key)
        parts += views.map { "\($0.view.id) \($0.view.kind) \($0.view.title) \($0.view.cost) \($0.view.location ?? "")" }
        parts += sources.flatMap(\.fingerprintParts)
        return StableDigest.hex(parts + extra)
    }
}

extension JSONEncoder {
    /// Sorted keys: the same bytes for the same value on every machine.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
