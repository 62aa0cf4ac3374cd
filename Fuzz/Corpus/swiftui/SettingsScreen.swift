import SwiftUI

/// An example settings screen for `dyntype preview Examples/swiftui` (docs/swiftui.md).
struct SettingsScreen: View {
    @ScaledMetric(relativeTo: .body) var avatarSize: CGFloat = 48

    var body: some View {
        Form {
            Section {
                HStack(spacing: 12) {
                    Circle().frame(width: avatarSize, height: avatarSize)
                    VStack(alignment: .leading, spacing: 2) {
                        Text("Alexandra Lindqvist").font(.headline)
                        Text("Apple Account, iCloud, Media & Purchases")
                            .font(.footnote)
                            .foregroundStyle(.secondary)
                            .lineLimit(1)
                    }
                }
            }
            Section("Notifications") {
                Toggle("Allow notifications", isOn: .constant(true))
                SettingsValueRow(title: "Sounds", value: "Chord")
                SettingsValueRow(title: "Preview", value: "When unlocked")
            }
            Section {
                Label("Display & Brightness", systemImage: "sun.max")
                Label("Accessibility", systemImage: "accessibility")
            } footer: {
                Text("Larger text sizes make text easier to read in the apps that support Dynamic Type.")
            }
            Button("Sign out") {}
                .frame(maxWidth: .infinity, minHeight: 44)
                .frame(height: 44)
        }
    }
}

struct SettingsValueRow: View {
    let title: String
    let value: String

    var body: some View {
        HStack {
            Text(title).lineLimit(1)
            Spacer()
            Text(value)
                .lineLimit(1)
                .foregroundStyle(.secondary)
        }
    }
}

#Preview("Settings") {
    SettingsScreen()
}
