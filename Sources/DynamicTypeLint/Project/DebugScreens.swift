/// Files that hold developer screens: a debug menu, an internal diagnostics page. Their text is
/// read by the team, not by users, and a fixed 11 pt font there is no accessibility bug. Apps
/// compile them into the release build and open them behind a runtime flag (duckduckgo/iOS's
/// `Debug.storyboard` behind `featureFlagger.isFeatureOn(.debugMenu) || isDebugBuild`), so nothing
/// at compile time sets them apart; the name does. On six apps (issue 35) 43 of 921 findings were
/// in such files, all correct and none worth fixing (8 of the 22 findings of fixed SwiftUI fonts).
///
/// A file is a debug screen when its name or a folder above it has `Debug` as a word: `Debug.storyboard`,
/// `BookmarksDebugViewController.swift`, `debug_menu.xib`, `App/Debug/Flags.swift` — the word
/// bounded by the name's start or end, a non-letter, or a change of case (`DebugView`, `MenuDebug`).
/// `Debugger.swift` and `Debugging.swift` are not: the word goes on in lowercase.
package enum DebugScreens {
    /// Whether `path` (relative or absolute, `/`-separated) names a debug screen file or folder.
    /// Only components below `root` count when one is given, so a checkout in `~/Debug/app` is not one.
    package static func isDebugPath(_ path: String, below root: String? = nil) -> Bool {
        var relative = Substring(path)
        if let root, !root.isEmpty, path.hasPrefix(root) { relative = path.dropFirst(root.count) }
        return relative.split(separator: "/").contains { hasDebugWord(String($0)) }
    }

    /// Whether the component `name` (a file name with its extension, or a folder) has `debug` as a word.
    static func hasDebugWord(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        let word = Array("debug".unicodeScalars)
        guard scalars.count >= word.count else { return false }
        for start in 0...(scalars.count - word.count) {
            let matches = (0..<word.count).allSatisfy { index in
                scalars[start + index].properties.lowercaseMapping == String(word[index])
            }
            guard matches else { continue }
            let first = scalars[start]
            // Before: the start, a non-letter, or a lowercase letter before a capital `D` (`MenuDebug`).
            let before = start == 0 ? nil : scalars[start - 1]
            let startsWord = before.map { !$0.properties.isAlphabetic || ($0.properties.isLowercase && first.properties.isUppercase) } ?? true
            // After: the end, a non-letter, or a capital after a lowercase `g` (`DebugView`).
            let endIndex = start + word.count
            let after = endIndex < scalars.count ? scalars[endIndex] : nil
            let last = scalars[endIndex - 1]
            let endsWord = after.map { !$0.properties.isAlphabetic || ($0.properties.isUppercase && last.properties.isLowercase) } ?? true
            if startsWord && endsWord { return true }
        }
        return false
    }
}
