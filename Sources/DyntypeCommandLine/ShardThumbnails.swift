import DynamicTypeAudit
import DynamicTypeCore
import Foundation
import Rendering

/// The contact-sheet thumbnails a preview shard leaves for `dyntype merge`: the sheet needs every
/// view at every category, which no single shard has, and re-deriving thumbnails from the full
/// PNGs would cost merge a decode of every image. Thumbnails are PNGs (lossless), so the merged
/// sheet has the pixels an unsharded run's has.
package enum ShardThumbnails {
    /// `<shard>/.thumbnails/<view>/<NN>-<category>.png`: a dot folder, which no view id can be.
    package static let folder = ".thumbnails"

    /// Writes each result's thumbnails.
    package static func write(_ results: [Preview.CategoryResult], to output: OutputFolder) throws {
        for result in results {
            for (view, image) in result.thumbnails {
                try output.writePNG(image, to: path(view: view, category: result.category))
            }
        }
    }

    /// The thumbnail's path inside a shard folder.
    package static func path(view: String, category: ContentSizeCategory) -> String {
        "\(folder)/\(Preview.itemKey(view: view, category: category)).png"
    }

    /// The thumbnail of `view` at `category` in `shard`, nil when the shard made none (views past
    /// what the sheet shows); read like the shard's PNGs (``ShardFile``: no links, regular files,
    /// at most `limit` bytes).
    package static func read(view: String, category: ContentSizeCategory, in shard: URL, limit: InputSizeLimit) throws -> RGBAImage? {
        guard let file = try ShardFile.open(in: shard, [folder, view, "\(category.fileStem).png"]) else { return nil }
        try file.requirePNG(limit: limit)
        do {
            return try PNGDecoder.decode(try file.read(limit: limit))
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError(code: SysExit.dataError, message: "\(file.path) is not a readable PNG (\(error)); re-run that shard")
        }
    }
}

/// A sink for a preview that is only planned, never rendered (its folder does not exist yet).
package struct NoImages: PreviewImageSink {
    /// A sink that drops every image.
    package init() {}

    /// Writes nothing.
    package func writePNG(_ image: RGBAImage, to relativePath: String) throws {}
}
