import SwiftUI

/// Fixture: ten 160 pt cards in a horizontal scroll view, wider than any phone: what lies past
/// the right edge is scrolled to, not off screen.
struct CardScroller: View {
    var body: some View {
        ScrollView(.horizontal) {
            HStack {
                ForEach(0..<10) { index in
                    Text("Card \(index)")
                        .frame(width: 160, height: 100)
                        .background(Color.blue)
                }
            }
        }
    }
}

/// Fixture: a header above a 200 pt vertical scroll view of thirty rows: the rows below it are
/// reached by scrolling.
struct RowScroller: View {
    var body: some View {
        VStack {
            Text("Header")
            ScrollView {
                VStack {
                    ForEach(0..<30) { index in
                        Text("Row \(index)")
                    }
                }
            }
            .frame(height: 200)
        }
    }
}
