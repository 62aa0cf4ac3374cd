import SwiftUI

/// Fixture: three actions in a row when they fit, in a column when they do not: expected to
/// switch to the column at large sizes instead of truncating.
struct ContactActions: View {
    var body: some View {
        ViewThatFits {
            HStack(spacing: 12) {
                Button("Call") {}
                Button("Message") {}
                Button("Share contact") {}
            }
            VStack(alignment: .leading, spacing: 8) {
                Button("Call") {}
                Button("Message") {}
                Button("Share contact") {}
            }
        }
        .lineLimit(1)
    }
}
