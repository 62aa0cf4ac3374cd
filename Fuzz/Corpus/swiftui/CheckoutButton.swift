import SwiftUI

/// Fixture: a button pinned to 44 pt. Its title fits at large; at accessibility sizes one line is
/// taller than 44 pt and SwiftUI draws it past the frame: expected to be reported.
struct CheckoutButton: View {
    var body: some View {
        Button("Pay") {}
            .font(.title3)
            .padding(.horizontal, 24)
            .frame(height: 44)
    }
}
