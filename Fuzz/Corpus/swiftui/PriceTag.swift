import SwiftUI

/// Fixture: fixed-size fonts (`.system(size:)`, `fixedSize:`) that do not scale, next to a text
/// style that does.
struct PriceTag: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text("12.99").font(.system(size: 13, weight: .bold))
            Text("per month").font(.custom("Helvetica", fixedSize: 11))
            Text("Cancel any time").font(.footnote)
        }
    }
}
