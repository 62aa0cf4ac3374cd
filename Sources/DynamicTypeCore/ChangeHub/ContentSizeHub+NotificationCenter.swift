import Foundation

extension Notification.Name {
    /// UIKit's `UIContentSizeCategoryDidChangeNotification`, posted by ``ContentSizeHub/bridge(to:)``
    /// when the content-size category changes.
    ///
    /// Its user info carries the new category's raw UIKit value under
    /// ``ContentSizeHub/newValueUserInfoKey``, as UIKit does.
    public static let contentSizeCategoryDidChange = Notification.Name(
        "UIContentSizeCategoryDidChangeNotification")

    /// UIKit's `UIAccessibilityBoldTextStatusDidChangeNotification`, posted by
    /// ``ContentSizeHub/bridge(to:)`` when Bold Text is turned on or off (no user info, as in UIKit).
    public static let boldTextStatusDidChange = Notification.Name(
        "UIAccessibilityBoldTextStatusDidChangeNotification")
}

extension ContentSizeHub {
    /// UIKit's `UIContentSizeCategoryNewValueKey`: the user-info key whose value is the new
    /// category's raw UIKit string, e.g. `"UICTContentSizeCategoryXL"`.
    ///
    /// ```swift
    /// let raw = notification.userInfo?[ContentSizeHub.newValueUserInfoKey] as? String
    /// let category = try raw.map(ContentSizeCategory.init(parsing:))
    /// ```
    public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"

    /// Re-posts this hub's did-changes as UIKit notifications on `center`, for code written against
    /// `NotificationCenter` (like the seed's notepad, which observes
    /// `UIContentSizeCategoryDidChangeNotification`).
    ///
    /// Kept at the edge, as an adapter: typed observers use ``observe(_:handler:)``. As in UIKit, a
    /// change of the category posts ``Foundation/Notification/Name/contentSizeCategoryDidChange``
    /// (object: this hub; user info: ``newValueUserInfoKey`` → `category.rawUIKitValue`), and a
    /// change of Bold Text posts ``Foundation/Notification/Name/boldTextStatusDidChange``; a change
    /// of both posts both, category first. Notifications are posted synchronously, in the hub's
    /// did-change phase, on the delivering thread.
    ///
    /// ```swift
    /// let bridge = ContentSizeHub.shared.bridge()
    /// NotificationCenter.default.addObserver(
    ///     forName: .contentSizeCategoryDidChange, object: nil, queue: nil) { note in … }
    /// ```
    ///
    /// - Parameter center: where to post; `.default` unless a test wants its own center.
    /// - Returns: the token that keeps the bridge running; release or cancel it to stop posting.
    public func bridge(to center: NotificationCenter = .default) -> ContentSizeObservation {
        observe(.didChange) { [weak self] change in
            if change.changed.contains(.category) {
                center.post(
                    name: .contentSizeCategoryDidChange, object: self,
                    userInfo: [Self.newValueUserInfoKey: change.new.category.rawUIKitValue])
            }
            if change.changed.contains(.legibilityWeight) {
                center.post(name: .boldTextStatusDidChange, object: self)
            }
        }
    }
}
