import SwiftUI

/// Fixture: a label in a 30 pt frame above a grey bar. At sizes where one line is taller than
/// 30 pt, SwiftUI draws it past the frame, over the bar.
struct OverflowingLabel: View {
    var body: some View {
        VStack(spacing: 0) {
            Text("Order summary")
                .frame(height: 30)
            Color.gray
                .frame(height: 10)
        }
    }
}

/// Fixture: the same label with `.clipped()`: what lies past the frame is cut instead.
struct ClippedLabel: View {
    var body: some View {
        VStack(spacing: 0) {
            Text("Order summary")
                .frame(height: 30)
                .clipped()
            Color.gray
                .frame(height: 10)
        }
    }
}

/// Fixture: a one-line title in 200 pt, as is, allowed to shrink to half its size, and at its
/// ideal width (how wide it would be, to compute where the others truncate).
struct PlainTitle: View {
    var body: some View {
        Text("Quarterly revenue summary")
            .font(.title)
            .lineLimit(1)
            .frame(width: 200)
    }
}

struct ShrinkingTitle: View {
    var body: some View {
        Text("Quarterly revenue summary")
            .font(.title)
            .lineLimit(1)
            .minimumScaleFactor(0.5)
            .frame(width: 200)
    }
}

struct NaturalTitle: View {
    var body: some View {
        Text("Quarterly revenue summary")
            .font(.title)
            .lineLimit(1)
            .fixedSize()
    }
}
