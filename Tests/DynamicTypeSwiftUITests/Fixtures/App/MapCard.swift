import SwiftUI

/// Fixture: a Canvas (what it draws is only known at run time): expected to be an opaque box
/// reported as not laid out, with the view's coverage.
struct MapCard: View {
    var body: some View {
        VStack(alignment: .leading) {
            Text("Nearby")
                .font(.headline)
            Canvas { context, size in
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.green))
            }
            .frame(height: 120)
        }
    }
}
