import DynamicTypeCore
import Foundation
import Rendering
import SnapshotTesting

extension Snapshotting where Value: LayoutSnapshotSubject, Format == String {
    /// The value as a readable layout dump (`.txt`), compared line by line.
    ///
    /// For a view (a ``ScreenSnapshot``, `NotepadViews`' `NotepadScreen`): lines with their
    /// character ranges and text, fonts (family, style, size), line boxes and baselines, a list's
    /// row heights, findings. For a
    /// ``TextLayoutSnapshot``: the container and setting, the base font, each paragraph's line
    /// fragments (range, box, baseline, width, text, runs in other fonts or styles), font fallbacks
    /// and text that fit in no container.
    ///
    /// ```swift
    /// assertSnapshot(of: TextLayoutSnapshot(TextStorage(string: "Basil"), containerSize: size).at(.large), as: .layoutDump)
    /// ```
    ///
    /// A value that cannot be laid out (a missing font) gives a dump holding the error, so the
    /// comparison fails with it; `assertDynamicTypeSnapshots` reports such errors directly.
    public static var layoutDump: Snapshotting<Value, String> {
        Snapshotting(pathExtension: "txt", diffing: .layoutLines) { subject in
            switch SnapshotReport.render(subject, includingScale: false) {
            case .success(let rendering): rendering.layoutDump()
            case .failure(let error): "error: cannot lay out the snapshot: \(error)\n"
            }
        }
    }
}

extension Snapshotting where Value: LayoutSnapshotSubject, Format == RGBAImage {
    /// The value as a PNG, compared pixel by pixel with no tolerance.
    public static var png: Snapshotting<Value, RGBAImage> { png() }

    /// The value as a PNG, drawn at its ``LayoutSnapshotSubject/scale`` (a notepad screen; a text
    /// snapshot on white, the container's size or as tall as the text), compared by decoded pixels.
    ///
    /// - Parameters:
    ///   - pixelTolerance: the fraction of pixels (0…1) allowed to differ.
    ///   - perceptualTolerance: CIE76 ΔE under which two colours count as equal (0 = off; 2–3
    ///     absorbs anti-aliasing differences).
    ///   - channelTolerance: per-channel difference (0…255) still counted as equal.
    public static func png(
        pixelTolerance: Double = 0, perceptualTolerance: Double = 0, channelTolerance: Int = 0
    ) -> Snapshotting<Value, RGBAImage> {
        let tolerance = BitmapTolerance(channel: channelTolerance, pixels: pixelTolerance, perceptual: perceptualTolerance)
        return Snapshotting(pathExtension: "png", diffing: .bitmap(tolerance)) { subject in
            // An empty image stands for "could not render"; the diff then says the sizes differ.
            (try? SnapshotReport.render(subject, includingScale: true).get().image()) ?? RGBAImage(width: 0, height: 0)
        }
    }
}

extension Diffing where Value == String {
    /// Line by line, in swift-snapshot-testing's `.lines` format, from the one function
    /// `dyntype snapshot verify` prints too.
    static var layoutLines: Diffing<String> {
        Diffing.diff(toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) }) { old, new in
            LineDiff.patch(old: old, new: new).map { patch in
                (patch, [DiffAttachment.data(Data(patch.utf8), name: "difference.patch")])
            }
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
                message = (reference.width == 0 ? "the reference is not a readable PNG. " : "the snapshot could not be rendered. ") + message
            }
            return (message, attachments)
        }
    }
}

/// What the project's strategies tell the `assertDynamicTypeSnapshots` sweep running them: the
/// environment fingerprint of the snapshot they made, or why they could not make it.
///
/// swift-snapshot-testing gives a strategy neither the reference's path nor a hook after it
/// writes, so under its `assertSnapshot` nobody listens and no fingerprint is computed.
final class SnapshotReport: @unchecked Sendable {
    /// The sweep's listener for the snapshot being made in this task.
    @TaskLocal static var current: SnapshotReport?

    var fingerprint: EnvironmentFingerprint?
    var error: (any Error)?

    /// Renders `subject`, reporting the fingerprint (or the error) to the listening sweep, if any.
    static func render<Subject: LayoutSnapshotSubject>(
        _ subject: Subject, includingScale: Bool
    ) -> Result<Subject.LaidOut, any Error> {
        do {
            let rendering = try subject.render()
            if let report = current { report.fingerprint = try rendering.fingerprint(includingScale: includingScale) }
            return .success(rendering)
        } catch {
            current?.error = error
            return .failure(error)
        }
    }
}
