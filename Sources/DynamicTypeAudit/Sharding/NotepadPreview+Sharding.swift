import DynamicTypeCore
import Foundation
import Notepad

extension NotepadPreview {
    /// Every (view, category) the preview draws, with its estimated cost, for ``ShardPlan``:
    /// an editor costs its text's length, the list its rows, a screen its views, each scaled
    /// by the category (larger text, more lines to lay out and taller images to compress).
    public func workItems(categories: [ContentSizeCategory]) -> [ShardWorkItem] {
        var views: [(id: String, cost: Int)] = []
        // The fixed part stands for drawing and compressing one screen-sized PNG.
        let perImage = 2_000
        if !notes.isEmpty {
            views.append(("list", perImage + notes.count * 200))
            views += notes.map { ($0.slug, perImage + $0.contents.utf8.count) }
        }
        views += screenViews.map { ($0.document.viewID(locale: $0.locale), perImage + $0.document.screen.views.count * 300) }
        return categories.flatMap { category in
            // xSmall 1×, large 1.3×, AX5 3.75×: roughly how line counts grow.
            let factor = 100 + 25 * category.ordinal
            return views.map { ShardWorkItem(key: Self.itemKey(view: $0.id, category: category), cost: $0.cost * factor / 100) }
        }
    }

    /// The fingerprint shards of one run share: the settings, categories, scale, every item and
    /// every note's and screen's text, plus `extra` (what the caller's options add, such as rule
    /// or figure files). A shard built from another commit or other options gets another one.
    public func runFingerprint(categories: [ContentSizeCategory], extra: [String]) -> String {
        let settingsPart: String
        if let report = try? JSONEncoder.sorted.encode(PreviewReport.settings(of: self)) {
            settingsPart = String(decoding: report, as: UTF8.self)
        } else {
            settingsPart = ""
        }
        var parts = ["preview", ReportTool.version, settingsPart] + categories.map(\.name)
        parts += workItems(categories: categories).map(\.key)
        parts += notes.flatMap { [$0.slug, $0.title, $0.contents] }
        parts += screenViews.map {
            "\($0.document.viewID(locale: $0.locale)) \($0.document.screen.name) \($0.document.screen.views.count) \($0.document.source ?? "")"
        }
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
