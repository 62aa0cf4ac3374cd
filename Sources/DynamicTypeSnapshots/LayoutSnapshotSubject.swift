import DynamicTypeCore
import Rendering

/// What the `.layoutDump` and `.png` strategies of `DynamicTypeTesting` snapshot: a value that lays
/// itself out with `TextStack` — at its own category, or `ContentSizeCategory.current` — and that a
/// sweep can move to each category. ``TextLayoutSnapshot``, ``ScreenSnapshot`` and `NotepadViews`'s
/// `NotepadScreen` are subjects; a
/// type of yours that wraps one can be too.
public protocol LayoutSnapshotSubject {
    /// The laid-out form of the value.
    associatedtype LaidOut: LayoutSnapshotRendering
    /// Pixels per point of images.
    var scale: Double { get }
    /// The same value at `category`.
    func at(_ category: ContentSizeCategory) -> Self
    /// Lays the value out with its hermetic font set.
    func render() throws -> LaidOut
}

/// A laid-out ``LayoutSnapshotSubject``: its text dump, its pixels and the environment it was made in.
public protocol LayoutSnapshotRendering {
    /// The readable text form, compared line by line.
    func layoutDump() -> String
    /// The pixels at the subject's scale.
    func image() -> RGBAImage
    /// The fonts, libraries and settings the rendering used; `includingScale` for image references.
    func fingerprint(includingScale: Bool) throws -> EnvironmentFingerprint
}

extension ViewSnapshotRendering: LayoutSnapshotRendering {}
extension TextLayoutSnapshot: LayoutSnapshotSubject {}
extension TextLayoutRendering: LayoutSnapshotRendering {}
