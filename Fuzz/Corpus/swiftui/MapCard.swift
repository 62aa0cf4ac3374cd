import SwiftUI

/// Fixture: a GeometryReader (its content is only known at run time): expected to be an opaque
/// box reported as not laid out, with the view's coverage.
struct MapCard: View {
    var body: some View {
        VStack(alignment: .leading) {
            Text("Nearby")
                .font(.headline)
            GeometryReader { proxy in
                Text("\(proxy.size.width)")
            }
            .frame(height: 120)
        }
    }
}
