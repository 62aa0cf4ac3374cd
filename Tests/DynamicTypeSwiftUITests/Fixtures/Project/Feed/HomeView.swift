import SwiftUI

/// Fixture: one of two views named HomeView (the other is Settings/HomeView.swift): both are
/// reported, and this file's preview shows this one.
struct HomeView: View {
    var body: some View {
        Text("Latest posts")
    }
}

#Preview("Feed home") {
    HomeView()
}
