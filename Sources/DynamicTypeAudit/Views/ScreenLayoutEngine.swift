import DynamicTypeCore
import DynamicTypeScreens

/// A layout engine for screens read from another kind of source than a screen file (SwiftUI views
/// read from Swift files): it lays the document out at a category into the screen model's laid-out
/// types, so the screen drawing and ``ReadabilityChecks`` work on its result unchanged, and adds
/// findings only it can know (views it could not lay out, frames text overflows).
package protocol ScreenLayoutEngine: Sendable {
    /// `document` laid out at `category` in `environment`, with the engine's own findings (not yet
    /// named by view id, as ``LiveView/findings(profile:)``'s).
    func layout(
        _ document: ScreenDocument, category: ContentSizeCategory, environment: ScreenLayoutEnvironment
    ) throws -> (screen: LaidOutScreen, findings: [Finding])
    /// A number that changes when what the engine lays out changes (the live preview's reloads).
    var fingerprint: Int { get }
    /// How much of the view the engine lays out for real (reports show it per view and file); nil:
    /// all of it, nothing to say.
    var coverage: ViewCoverage? { get }
}

extension ScreenLayoutEngine {
    /// Everything is laid out.
    package var coverage: ViewCoverage? { nil }
}
