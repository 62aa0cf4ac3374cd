import SwiftUI

/// Fixture: a localized key in a 160 pt wide, one-line bar: the English text fits, the German
/// translation (de.lproj) does not: expected to truncate in German only.
struct SaveBar: View {
    var body: some View {
        Text("Save changes")
            .lineLimit(1)
            .frame(width: 160, alignment: .leading)
    }
}
