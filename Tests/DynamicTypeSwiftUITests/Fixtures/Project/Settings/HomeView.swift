import SwiftUI

/// Fixture: the other HomeView (see Feed/HomeView.swift).
struct HomeView: View {
    var body: some View {
        VStack {
            Text("Account settings")
            Text("Notifications")
        }
    }
}
