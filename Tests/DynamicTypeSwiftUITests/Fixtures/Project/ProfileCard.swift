import SwiftUI

/// Fixture: a card sized from constants: a fixed-size title font (notScaling), a spacer of the
/// gap's height, a square avatar, padding from a nested type's constant and a file-level `let`.
struct ProfileCard: View {
    static let nameSize: CGFloat = Metrics.titleFontSize - 4

    var body: some View {
        VStack(spacing: Metrics.rowSpacing) {
            Text("Alexandra Johnson")
                .font(.system(size: Metrics.titleFontSize))
            Text("Designer")
                .font(.system(size: Self.nameSize))
            Spacer()
                .frame(height: Metrics.gap)
            Circle()
                .frame(width: Constants.avatarSize, height: Constants.avatarSize)
            Color.blue
                .frame(height: bannerHeight)
        }
        .padding(Theme.Metrics.inset)
    }
}
