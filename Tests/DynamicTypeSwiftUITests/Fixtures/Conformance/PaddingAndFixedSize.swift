import SwiftUI

// SwiftUI layout conformance fixtures: padding and fixedSize. See Stacks.swift for the format.

// propose: nil x nil
// expect: padding#1 = 0 0 52 52 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/PaddingLayout.swift _PaddingLayout.sizeThatFits (16 pt, the default padding on iOS)
// expect: Text#1 = 16 16 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/PaddingLayout.swift _PaddingLayout.placement
struct DefaultPaddingAroundText: View {
    var body: some View {
        Text("Hi")
            .padding()
    }
}

// propose: 100 x 50
// expect: padding#1 = 0 0 100 50 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Geometry/ProposedSize.swift _ProposedSize.inset(by:)
// expect: Color#1 = 10 10 80 30 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/PaddingLayout.swift _PaddingLayout.placement
struct PaddingShrinksTheProposal: View {
    var body: some View {
        Color.red
            .padding(10)
    }
}

// propose: nil x nil
// expect: padding#1 = 0 0 30 30 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Edge/EdgeInsets.swift CGSize.outset(by:) (negative insets pull the edges in)
// expect: frame#1 = -10 -10 50 50 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/PaddingLayout.swift _PaddingLayout.placement
struct NegativePaddingPullsTheEdgesIn: View {
    var body: some View {
        Color.red
            .frame(width: 50, height: 50)
            .padding(-10)
    }
}

// propose: nil x nil
// expect: padding#1 = 0 0 36 20 | developer.apple.com/documentation/swiftui/view/padding(_:_:)
// expect: Text#1 = 8 0 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/PaddingLayout.swift _PaddingLayout.placement
struct HorizontalPaddingOnly: View {
    var body: some View {
        Text("Hi")
            .padding(.horizontal, 8)
    }
}

// propose: 40 x 40
// expect: padding#1 = 0 0 60 60 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Geometry/ProposedSize.swift _ProposedSize.inset(by:) (never below 0)
// expect: Color#1 = 30 30 0 0 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/PaddingLayout.swift _PaddingLayout.placement
struct PaddingLargerThanTheProposal: View {
    var body: some View {
        Color.red
            .padding(30)
    }
}

// propose: 50 x 50
// expect: fixedSize#1 = 0 0 120 20 | swiftuifieldguide.com/layout/ideal-size/ (This modifier proposes nil for both dimensions, which means the view will render at its ideal size)
// expect: Text#1 = 0 0 120 20 | swiftuifieldguide.com/layout/ideal-size/ (A text's ideal size is the bounding box of the rendered text without any word wrapping)
struct FixedSizeTextIgnoresItsProposal: View {
    var body: some View {
        Text("Hello, world")
            .fixedSize()
    }
}

// propose: 60 x 10
// expect: fixedSize#1 = 0 0 50 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/FixedSizeLayout.swift _FixedSizeLayout.sizeThatFits (nil only on the fixed axis)
// expect: Text#1 = 0 0 50 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/FixedSizeLayout.swift _FixedSizeLayout.placement
struct VerticalFixedSizeWrapsWithoutLimit: View {
    var body: some View {
        Text("Hello world")
            .fixedSize(horizontal: false, vertical: true)
    }
}

// propose: 100 x 100
// expect: fixedSize#1 = 0 0 10 10 | swiftuifieldguide.com/layout/ideal-size/ (All the built-in shapes have an ideal size of 10×10)
// expect: Color#1 = 0 0 10 10 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Geometry/ProposedSize.swift fixingUnspecifiedDimensions (10.0)
struct FixedSizeColorIsTenPoints: View {
    var body: some View {
        Color.red
            .fixedSize()
    }
}

// propose: nil x nil
// expect: background#1 = 0 0 28 28 | OpenSwiftUI Sources/OpenSwiftUICore/Modifier/ViewModifier/BackgroundModifier.swift (the background takes its content's layout)
// expect: padding#1 = 0 0 28 28 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/PaddingLayout.swift _PaddingLayout.sizeThatFits
// expect: Text#1 = 4 4 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/PaddingLayout.swift _PaddingLayout.placement
struct BackgroundIsItsContentsSize: View {
    var body: some View {
        Text("Hi")
            .padding(4)
            .background(Color.yellow)
    }
}
