import SwiftUI
struct Inf: View {
    var body: some View {
        VStack(spacing: .infinity) {
            Spacer(minLength: 1e308)
            Text("A").frame(width: -40, height: .nan)
            Text("B").padding(-1e9).lineLimit(-3)
        }
    }
}
