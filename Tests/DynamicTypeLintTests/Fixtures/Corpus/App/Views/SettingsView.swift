import SwiftUI

struct SettingsView: View {
    @ScaledMetric(relativeTo: .body) private var iconSize = 22
    @ScaledMetric private var rowHeight: CGFloat = 44
    let version: String

    var body: some View {
        List {
            Text("Account").font(.system(size: 28, weight: .bold)) // expect: fixed-font-swiftui
            Text("Signed in").font(.custom("Avenir", size: 15))
            Text("Plan").font(.custom("Avenir", size: 15, relativeTo: .subheadline))
            Text("Legal").font(.custom("Avenir", fixedSize: 11)) // expect: fixed-font-swiftui
            Image(systemName: "gear").font(.system(size: iconSize))
            Text("Version \(version)")
                .font(Font.system(size: 13)) // expect: fixed-font-swiftui
            Text("Sync").frame(height: rowHeight)
            Text("Storage").frame(minHeight: 44)
            Text("Backups").frame(height: 44) // expect: fixed-text-height
            HStack { Text("Help") }.frame(height: 44) // expect: fixed-text-height
            Text("A long explanation of what syncing does").lineLimit(1) // expect: single-line-text
            Text("Shrinks instead").lineLimit(1).minimumScaleFactor(0.7)
            Text("Grows to three").lineLimit(1...3)
        }
        .dynamicTypeSize(...DynamicTypeSize.xxxLarge) // expect: dynamic-type-cap
    }
}

struct CompactBadge: View {
    var body: some View {
        Text("NEW")
            .font(.caption2)
            .dynamicTypeSize(.xSmall ... .accessibility2)
    }
}

struct Toolbar: View {
    var body: some View {
        HStack { Text("Edit") }
            .dynamicTypeSize(...(.large)) // expect: dynamic-type-cap
            .environment(\.sizeCategory, .extraLarge) // expect: dynamic-type-cap
    }
}

#Preview {
    SettingsView(version: "1.0").environment(\.dynamicTypeSize, .xSmall)
}

struct SettingsView_Previews: PreviewProvider {
    static var previews: some View {
        Text("Preview").font(.system(size: 40)).dynamicTypeSize(.large)
    }
}
