import SwiftUI

/// Fixture: icons in 24 pt frames. The resizable ones (an asset and an SF Symbol) fill their
/// frames at every size; the asset image without `.resizable()` has a size the source does not
/// give, so whether it fits is a guess (an info note at most).
struct ResizableIcons: View {
    var body: some View {
        HStack {
            Image("avatar")
                .resizable()
                .frame(width: 24, height: 24)
            Image(systemName: "star.fill")
                .resizable()
                .frame(width: 24, height: 24)
            Text("Alexandra")
        }
    }
}

struct AssetIcon: View {
    var body: some View {
        HStack {
            Image("logo")
                .frame(width: 24, height: 24)
            Text("Acme")
        }
    }
}

/// Fixture: SF Symbols in two fonts: each is as large as its font makes it.
struct SymbolFonts: View {
    var body: some View {
        VStack {
            Image(systemName: "star.fill")
                .font(.caption)
            Image(systemName: "star.fill")
                .font(.largeTitle)
        }
    }
}
