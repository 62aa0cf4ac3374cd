/// Labels made a navigation item's title view. UIKit keeps navigation bar titles the same size at
/// every text size (the Large Content Viewer shows them enlarged on a long press), so a fixed or
/// non-adjusting font there is what UIKit's own bars do: the font rules leave such labels alone
/// (owncloud/ios-app `0ac09a30`, Ranchero-Software/NetNewsWire `834decfa`).
enum NavigationTitleView {
    /// Whether the file's text makes the view named `label` a navigation item's title view
    /// (`titleView = label`, `titleView = self.label`, `titleView: label`).
    static func isTitleView(_ label: String, in bytes: [UInt8]) -> Bool {
        guard !label.contains(".") else { return false }
        return ["titleView = \(label)", "titleView: \(label)", "titleView = self.\(label)"].contains { pattern in
            // The whole name: `titleView = label`, not `titleView = labelContainer`.
            ByteSearch.offsets(of: pattern, in: bytes).contains { offset in
                let end = offset + pattern.utf8.count
                guard end < bytes.count else { return true }
                let next = bytes[end]
                return !(next == UInt8(ascii: "_") || (next >= 0x30 && next <= 0x39) || (next | 0x20 >= 0x61 && next | 0x20 <= 0x7a))
            }
        }
    }
}
