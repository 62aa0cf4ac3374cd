import SwiftUI

/// Fixture (issue 33): a label and a value pushed apart by a spacer, one line each. By SwiftUI's
/// stack algorithm both texts keep their width until the two, with the spacer's minimum length
/// between them, no longer fit in the row (SpacerRowTests computes where).
struct DeliveryRow: View {
    var body: some View {
        HStack {
            Text("Delivery")
                .lineLimit(1)
            Spacer()
            Text("Tomorrow, 10–12")
                .lineLimit(1)
        }
        .padding(.horizontal)
    }
}
