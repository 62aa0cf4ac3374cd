import SwiftUI
struct Bat: View {
    var body: some View {
        VStack {
            Text("Battery 100% done, 20% off")
            Text(verbatim: "Charge 50% now, 5%d left %@ %1$s")
            Text("\(count) of %lld items, 100%%")
        }
    }
}
