import SwiftUI

/// Fixture: a screen whose root is a GeometryReader inside a store wrapper (The Composable
/// Architecture's `WithViewStore`): laid out as its content, which is visible; a `#if os(macOS)`
/// branch that is skipped for the iOS one; a UIKit font.
struct DashboardScreen: View {
    var body: some View {
        GeometryReader { proxy in
            WithViewStore(store, observe: { $0 }) { viewStore in
                VStack(alignment: .leading) {
                    Text("Dashboard")
                        .font(Font(UIFont.preferredFont(forTextStyle: .title1)))
                    #if os(macOS)
                    Text("Press ⌘R to refresh")
                    #else
                    Text("Pull to refresh")
                    #endif
                    Text("Updated just now")
                        .font(Font(UIFontMetrics(forTextStyle: .footnote).scaledFont(for: UIFont.systemFont(ofSize: 13))))
                    Text("v2.1")
                        .font(Font(UIFont.systemFont(ofSize: 10)))
                }
                .frame(width: proxy.size.width * 0.5)
            }
        }
    }
}
