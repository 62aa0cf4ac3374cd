/// Labels made a navigation item's title view. UIKit keeps navigation bar titles the same size at
/// every text size (the Large Content Viewer shows them enlarged on a long press), so a fixed or
/// non-adjusting font there is what UIKit's own bars do: the font rules leave such labels alone
/// (owncloud/ios-app `0ac09a30`, Ranchero-Software/NetNewsWire `834decfa`).
enum NavigationTitleView {
    /// The names the file's text makes a title view: `titleView = label`, `titleView = self.label`,
    /// `titleView: label` (an argument). One pass over the bytes per file (asked once per file by
    /// ``SwiftRuleVisitor/navigationTitleViews``), so checking many labels stays linear.
    static func names(in bytes: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        for offset in ByteSearch.offsets(of: "titleView", in: bytes) {
            var index = offset + 9
            // `titleView` itself, not `titleViewContainer`.
            if index < bytes.count, isIdentifierByte(bytes[index]) { continue }
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") || bytes[index] == UInt8(ascii: ":") else { continue }
            index += 1
            // `==` compares, it does not assign.
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") { continue }
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            if bytes[index...].starts(with: Array("self.".utf8)) { index += 5 }
            let start = index
            while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
            if index > start { names.insert(String(decoding: bytes[start..<index], as: UTF8.self)) }
        }
        return names
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || byte >= 0x80
    }
}
