import SwiftUI

/// Fixture: a screen whose state switch starts with its loading case, and an `if` whose first
/// branch is empty: the branches with content are shown.
struct OrdersScreen: View {
    var state: LoadState

    var body: some View {
        switch state {
        case .loading:
            ProgressView()
        case .loaded(let orders):
            VStack {
                Text("Your orders")
                if orders.isEmpty {
                    EmptyView()
                } else {
                    Text("3 orders on their way")
                }
            }
        }
    }
}
