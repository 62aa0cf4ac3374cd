import SwiftUI

// SwiftUI layout conformance fixtures: Divider, colours and shapes. See Stacks.swift for the format.

// propose: 100 x nil
// expect: Divider#1 = 0 10 100 0.5 | OpenSwiftUI Sources/OpenSwiftUICore/Data/EnvironmentKeys/EnvironmentAdditions.swift dividerThickness (pixelLength: half a point at 2×)
// expect: frame#2 = 0 10.5 100 10 | OpenSwiftUI Sources/OpenSwiftUI/Layout/Separator/PlainDividerStyle.swift (frame(height: thickness) in a VStack)
struct HairlineDividerInAVStack: View {
    var body: some View {
        VStack(spacing: 0) {
            Color.red.frame(height: 10)
            Divider()
            Color.blue.frame(height: 10)
        }
    }
}

// propose: 100 x nil
// category: accessibility1
// expect: Divider#1 = 0 10 100 1 | OpenSwiftUI Sources/OpenSwiftUICore/Data/EnvironmentKeys/EnvironmentAdditions.swift dividerThickness (dynamicTypeSize.isAccessibilitySize ? 1.0 : pixelLength)
// expect: frame#2 = 0 11 100 10 | OpenSwiftUI Example/OpenSwiftUIUITests/Layout/Separator/DividerUITests.swift dividerWithColorScheme (accessibility1)
struct DividerAtAnAccessibilitySizeIsOnePoint: View {
    var body: some View {
        VStack(spacing: 0) {
            Color.red.frame(height: 10)
            Divider()
            Color.blue.frame(height: 10)
        }
    }
}

// propose: nil x 40
// expect: HStack#1 = 0 0 20.5 40 | OpenSwiftUI Sources/OpenSwiftUI/Layout/Separator/Divider.swift (the orientation is the other axis of the stack's)
// expect: Divider#1 = 10 0 0.5 40 | OpenSwiftUI Sources/OpenSwiftUI/Layout/Separator/PlainDividerStyle.swift (frame(width: thickness) in an HStack)
struct VerticalDividerInAnHStack: View {
    var body: some View {
        HStack(spacing: 0) {
            Color.red.frame(width: 10)
            Divider()
            Color.blue.frame(width: 10)
        }
    }
}

// propose: 200 x 20
// expect: Text#1 = 0 0 50 20 | swiftuifieldguide.com/layout/hstack/ (the text is the least flexible view)
// expect: Color#1 = 50 0 150 20 | OpenSwiftUI Sources/OpenSwiftUICore/Shape/Shape.swift Shape.sizeThatFits (Returns the original proposal: fully flexible)
struct ColorIsMoreFlexibleThanText: View {
    var body: some View {
        HStack(spacing: 0) {
            Text("Hello")
            Color.red
        }
    }
}

// propose: 100 x 100
// expect: VStack#1 = 0 0 100 100 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal
// expect: Color#1 = 0 0 100 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift evenSplitAvailableSpace (after the text)
// expect: Text#1 = 40 40 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Geometry/LayoutTraits.swift FlexibilityEstimate (the text first)
// expect: Color#2 = 0 60 100 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift evenSplitAvailableSpace
struct ColorsShareAVStackAroundAText: View {
    var body: some View {
        VStack(spacing: 0) {
            Color.red
            Text("Hi")
            Color.blue
        }
    }
}

// propose: 30 x 40
// expect: Color#1 = 0 0 30 40 | OpenSwiftUI Sources/OpenSwiftUICore/Shape/Shape.swift Shape.sizeThatFits (proposal.replacingUnspecifiedDimensions())
struct RectangleTakesItsProposal: View {
    var body: some View {
        Rectangle()
            .fill(Color.red)
    }
}

// propose: 100 x 50
// expect: Circle#1 = 0 0 50 50 | OpenSwiftUI Sources/OpenSwiftUICore/Shape/Shapes.swift Circle.sizeThatFits (the smaller of the proposal's width and height, on both axes)
struct CircleIsAsLargeAsItsShorterSide: View {
    var body: some View {
        Circle()
    }
}

// propose: 100 x 40
// expect: HStack#1 = 0 0 60 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal
// expect: Text#1 = 40 10 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Geometry/LayoutTraits.swift FlexibilityEstimate (the text, 0...20, before the circle, 0...40)
// expect: Circle#1 = 0 0 40 40 | OpenSwiftUI Sources/OpenSwiftUICore/Shape/Shapes.swift Circle.sizeThatFits (80 offered, 40 high: a 40 pt circle)
struct CircleInARowIsLimitedByItsHeight: View {
    var body: some View {
        HStack(spacing: 0) {
            Circle()
            Text("Hi")
        }
    }
}
