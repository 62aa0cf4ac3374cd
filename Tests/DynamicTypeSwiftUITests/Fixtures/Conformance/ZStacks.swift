import SwiftUI

// SwiftUI layout conformance fixtures: ZStack. See Stacks.swift for the format.

// propose: nil x nil
// expect: ZStack#1 = 0 0 50 60 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/ZStack.swift _ZStackLayout.sizeThatFits (the largest child on each axis)
// expect: frame#1 = 0 15 50 30 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/ZStack.swift _ZStackLayout.placeSubviews (centre)
// expect: frame#2 = 15 0 20 60 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/ZStack.swift _ZStackLayout.placeSubviews
struct ZStackCentresItsChildren: View {
    var body: some View {
        ZStack {
            Color.red.frame(width: 50, height: 30)
            Color.blue.frame(width: 20, height: 60)
        }
    }
}

// propose: nil x nil
// expect: frame#1 = 0 0 50 30 | developer.apple.com/documentation/swiftui/zstack/init(alignment:content:) (alignment: topLeading)
// expect: frame#2 = 0 0 20 60 | developer.apple.com/documentation/swiftui/zstack/init(alignment:content:)
struct TopLeadingZStack: View {
    var body: some View {
        ZStack(alignment: .topLeading) {
            Color.red.frame(width: 50, height: 30)
            Color.blue.frame(width: 20, height: 60)
        }
    }
}

// propose: nil x nil
// expect: frame#1 = 0 30 50 30 | developer.apple.com/documentation/swiftui/zstack/init(alignment:content:) (alignment: bottomTrailing)
// expect: frame#2 = 30 0 20 60 | developer.apple.com/documentation/swiftui/zstack/init(alignment:content:)
struct BottomTrailingZStack: View {
    var body: some View {
        ZStack(alignment: .bottomTrailing) {
            Color.red.frame(width: 50, height: 30)
            Color.blue.frame(width: 20, height: 60)
        }
    }
}

// propose: 100 x 80
// expect: ZStack#1 = 0 0 100 80 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/ZStack.swift _ZStackLayout.sizeThatFits
// expect: Color#1 = 0 0 100 80 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Geometry/ProposedSize.swift (a colour takes its proposal)
// expect: Text#1 = 40 30 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/ZStack.swift _ZStackLayout.placeSubviews
struct ZStackWithAColorFillsItsProposal: View {
    var body: some View {
        ZStack {
            Color.red
            Text("Hi")
        }
    }
}
