import Foundation
import Rendering
import SnapshotTesting

extension Snapshotting where Value == NotepadScreen, Format == String {
    /// The screen as a readable layout dump (`.txt`): lines with their character ranges and text,
    /// fonts (family, style, size), line boxes and baselines, the list's row heights, findings.
    /// See ``LayoutDump`` for the format.
    ///
    /// ```swift
    /// assertSnapshot(of: NotepadScreen.editor(note: note, viewSize: size).at(.large), as: .layoutDump)
    /// ```
    ///
    /// A screen that cannot be laid out (a missing font) gives a dump holding the error, so the
    /// comparison fails with it; ``assertDynamicTypeSnapshots(of:as:named:categories:record:snapshotDirectory:fileID:file:testName:line:column:)``
    /// reports such errors directly.
    public static var layoutDump: Snapshotting<NotepadScreen, String> {
        Snapshotting(pathExtension: "txt", diffing: .lines) { screen in
            do {
                return try screen.render().layoutDump()
            } catch {
                return "error: cannot lay out the screen: \(error)\n"
            }
        }
    }
}

extension Snapshotting where Value == NotepadScreen, Format == RGBAImage {
    /// The screen as a PNG, compared pixel by pixel with no tolerance.
    public static var png: Snapshotting<NotepadScreen, RGBAImage> { png() }

    /// The screen as a PNG (drawn at the screen's ``NotepadScreen/scale``), compared by decoded
    /// pixels.
    ///
    /// - Parameters:
    ///   - pixelTolerance: the fraction of pixels (0…1) allowed to differ.
    ///   - perceptualTolerance: CIE76 ΔE under which two colours count as equal (0 = off; 2–3
    ///     absorbs anti-aliasing differences).
    ///   - channelTolerance: per-channel difference (0…255) still counted as equal.
    public static func png(
        pixelTolerance: Double = 0, perceptualTolerance: Double = 0, channelTolerance: Int = 0
    ) -> Snapshotting<NotepadScreen, RGBAImage> {
        let tolerance = BitmapTolerance(channel: channelTolerance, pixels: pixelTolerance, perceptual: perceptualTolerance)
        return Snapshotting(pathExtension: "png", diffing: .bitmap(tolerance)) { screen in
            // An empty image stands for "could not render"; the diff then says the sizes differ.
            (try? screen.render().image()) ?? RGBAImage(width: 0, height: 0)
        }
    }
}

extension Diffing where Value == RGBAImage {
    /// Compares decoded pixels within `tolerance`. On failure the message says how many pixels
    /// differ, where, and the likely cause, with a `diff.png` attachment: the new image faded,
    /// differing pixels in red.
    public static func bitmap(_ tolerance: BitmapTolerance = .exact) -> Diffing<RGBAImage> {
        .diff(
            toData: { image in (try? PNGEncoder.encode(image)) ?? Data() },
            fromData: { data in (try? PNGDecoder.decode(data)) ?? RGBAImage(width: 0, height: 0) }
        ) { reference, actual in
            let comparison = BitmapComparison.compare(reference: reference, actual: actual, tolerance: tolerance)
            guard !comparison.passes else { return nil }
            let picture = BitmapComparison.diffImage(reference: reference, actual: actual, tolerance: tolerance)
            let attachments: [DiffAttachment] = (try? PNGEncoder.encode(picture)).map { [.data($0, name: "diff.png")] } ?? []
            var message = comparison.message
            if reference.width == 0 || actual.width == 0 {
                message = (reference.width == 0 ? "the reference is not a readable PNG. " : "the screen could not be rendered. ") + message
            }
            return (message, attachments)
        }
    }
}
