import SwiftUI

struct ReceiptRow: View {
    let title: String
    let amount: String
    private let rowHeight: CGFloat = 52

    var body: some View {
        HStack {
            Label(title, systemImage: "cart")
                .frame(height: rowHeight) // expect: fixed-text-height
            Spacer()
            Text(amount)
                .font(.body.monospacedDigit())
                .frame(width: 80, height: 24) // expect: fixed-text-height
        }
        .padding(.vertical, 8)
        .font(.system(size: 16)) // expect: fixed-font-swiftui
    }
}
