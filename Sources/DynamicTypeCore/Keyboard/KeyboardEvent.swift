/// A keyboard notification (`UIKeyboardWillShowNotification`, `…DidShow…`, `…WillHide…`,
/// `…DidHide…`) with the keyboard's height from its end frame.
public struct KeyboardEvent: Hashable, Sendable, CustomStringConvertible {
    /// Which notification.
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        /// `UIResponder.keyboardWillShowNotification`: the keyboard is about to appear.
        case willShow
        /// `keyboardDidShowNotification`: the keyboard is up.
        case didShow
        /// `keyboardWillHideNotification`: the keyboard is about to go.
        case willHide
        /// `keyboardDidHideNotification`: the keyboard is gone.
        case didHide
    }

    /// The notification.
    public var phase: Phase
    /// The keyboard's height at the end of the animation, in points (0 when hidden).
    public var height: Double
    /// The animation's duration in seconds (UIKit's 0.25).
    public var duration: Double

    /// An event.
    public init(phase: Phase, height: Double, duration: Double = 0.25) {
        self.phase = phase
        self.height = height
        self.duration = duration
    }

    public var description: String { "keyboard \(phase.rawValue) (\(height) pt)" }
}

/// A view that reacts to the keyboard, as the seed's editor does with
/// `NSNotificationCenter addObserver:… name:UIKeyboardDidShowNotification`.
public protocol KeyboardObserver: AnyObject {
    /// Called for each keyboard event, in order (will, then did).
    func keyboardDidChange(_ event: KeyboardEvent) throws
}
