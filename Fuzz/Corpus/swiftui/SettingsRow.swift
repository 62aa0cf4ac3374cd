import SwiftUI

/// Fixture: a one-line settings row. Both texts have a line limit of 1, so the row never grows:
/// expected to fit up to xxxLarge and to truncate at accessibility sizes.
struct SettingsRow: View {
    var title = "Reminders"
    var value = "Daily"

    var body: some View {
        HStack {
            Image(systemName: "bell")
            Text(title).lineLimit(1)
            Spacer()
            Text(value)
                .lineLimit(1)
                .foregroundStyle(.blue)
        }
        .padding(.horizontal)
    }
}

#Preview("Settings row") {
    SettingsRow(title: "Notifications", value: "Every day")
}
