import DynamicTypeCore
import TextStack

/// A view that lays itself out again when its size changes — a rotation —
/// (`viewWillTransitionToSize:withTransitionCoordinator:`). The notes list, the editor and
/// screens adopt it; `switch --rotate-to` posts it to them.
package protocol ViewTransitionObserver: AnyObject {
    /// The view is about to have `size` (points).
    func viewWillTransition(to size: Size) throws
}
