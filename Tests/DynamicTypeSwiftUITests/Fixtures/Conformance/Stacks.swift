import SwiftUI

// SwiftUI layout conformance fixtures: HStack and VStack. Each view is laid out for its
// `propose:` size (nil: unspecified); each `expect:` line is a frame, x y width height, and where
// SwiftUI's answer comes from. Text is 10 pt a character and 20 pt a line in the suite
// (docs/swiftui-conformance.md tells how to check a fixture in an Xcode preview).
// OpenSwiftUI paths are in github.com/OpenSwiftUIProject/OpenSwiftUI.

// propose: 300 x 100
// expect: HStack#1 = 0 0 300 100 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal (even split)
// expect: Color#1 = 0 0 100 100 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift evenSplitAvailableSpace
// expect: Color#2 = 100 0 100 100 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift evenSplitAvailableSpace
// expect: Color#3 = 200 0 100 100 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift evenSplitAvailableSpace
struct ThreeColorsShareAnHStack: View {
    var body: some View {
        HStack(spacing: 0) {
            Color.red
            Color.green
            Color.blue
        }
    }
}

// propose: 208 x 50
// expect: Color#1 = 0 0 100 50 | OpenSwiftUI Sources/OpenSwiftUI/Util/OpenSwiftUIGlue.swift defaultSpacing (8 × 8)
// expect: Color#2 = 108 0 100 50 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Layout.swift ViewSpacing.distance(to:along:) falls back to defaultSpacingValue
struct DefaultSpacingBetweenColors: View {
    var body: some View {
        HStack {
            Color.red
            Color.blue
        }
    }
}

// propose: 200 x 100
// expect: Color#1 = 0 0 62 100 | swiftuifieldguide.com/layout/hstack/ (the text is the least flexible view, so the stack proposes a third of its available space)
// expect: Text#1 = 70 30 60 40 | swiftuifieldguide.com/layout/hstack/ (This isn't enough to fully render the text on a single line)
// expect: Color#2 = 138 0 62 100 | swiftuifieldguide.com/layout/hstack/
// expect: HStack#1 = 0 0 200 100 | swiftuifieldguide.com/layout/hstack/
struct TextBetweenColorsWraps: View {
    var body: some View {
        HStack {
            Color.purple
            Text("Hello, world")
            Color.pink
        }
    }
}

// propose: nil x nil
// expect: VStack#1 = 0 0 50 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenIdeally
// expect: Text#1 = 10 0 30 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift placeChildren1 (centre alignment)
// expect: Text#2 = 0 20 50 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenIdeally
struct IdealVStackCentresItsTexts: View {
    var body: some View {
        VStack(spacing: 0) {
            Text("One")
            Text("Three")
        }
    }
}

// propose: nil x nil
// expect: VStack#1 = 0 0 50 44 | developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:) (spacing: the distance between adjacent subviews)
// expect: Text#1 = 0 0 10 20 | developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:) (alignment: leading)
// expect: Text#2 = 0 24 50 20 | developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
struct LeadingVStackWithSpacing: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text("A")
            Text("Wider")
        }
    }
}

// propose: nil x nil
// expect: Text#1 = 30 0 10 20 | developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:) (alignment: trailing)
// expect: Text#2 = 0 20 40 20 | developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
struct TrailingVStack: View {
    var body: some View {
        VStack(alignment: .trailing, spacing: 0) {
            Text("A")
            Text("Wide")
        }
    }
}

// propose: nil x nil
// expect: HStack#1 = 0 0 40 30 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift placeChildren1 (minorRange)
// expect: frame#1 = 0 20 20 10 | developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:) (alignment: bottom)
// expect: frame#2 = 20 0 20 30 | developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
struct BottomAlignedHStack: View {
    var body: some View {
        HStack(alignment: .bottom, spacing: 0) {
            Color.red.frame(width: 20, height: 10)
            Color.blue.frame(width: 20, height: 30)
        }
    }
}

// propose: 150 x 50
// expect: HStack#1 = 0 0 200 50 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift placeChildren1 (the stack is its children's length)
// expect: frame#2 = 100 0 100 50 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FrameLayout.sizeThatFits
struct FixedChildrenOverflowTheirStack: View {
    var body: some View {
        HStack(spacing: 0) {
            Color.red.frame(width: 100)
            Color.blue.frame(width: 100)
        }
    }
}

// propose: nil x nil
// expect: frame#1 = 0 0 150 100 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FrameLayout.sizeThatFits
// expect: HStack#1 = -12.5 0 175 100 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal (least flexible first)
// expect: frame#2 = -12.5 0 75 100 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Geometry/LayoutTraits.swift FlexibilityEstimate (maxWidth 100: flexibility 100, first)
// expect: frame#3 = 62.5 0 100 100 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FlexFrameLayout (minWidth 100 takes 100 of 75 offered)
struct LeastFlexibleChildGoesFirst: View {
    var body: some View {
        HStack(spacing: 0) {
            Color.red.frame(maxWidth: 100)
            Color.green.frame(minWidth: 100)
        }
        .frame(width: 150, height: 100)
    }
}

// propose: 100 x 100
// expect: HStack#1 = 0 0 100 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal
// expect: Text#1 = 0 0 10 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.layoutPriority (-infinity: texts first)
// expect: Text#2 = 90 0 10 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.sizeThatFits
// expect: Color#1 = 0 20 100 80 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal (least flexible first)
struct RowAboveAColor: View {
    var body: some View {
        VStack(spacing: 0) {
            HStack(spacing: 0) {
                Text("A")
                Spacer()
                Text("B")
            }
            Color.red
        }
    }
}

// propose: nil x nil
// expect: HStack#1 = 0 0 28 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift spacing() (a stack's edges carry its first and last children's)
// expect: HStack#2 = 10 10 8 0 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.spacing (.horizontal(.zero))
// expect: Text#2 = 18 0 10 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Geometry/Spacing.swift Spacing._distance(from:to:ofViewPreferring:)
struct NestedSpacerStackTakesNoSpacing: View {
    var body: some View {
        HStack {
            Text("A")
            HStack {
                Spacer()
            }
            Text("B")
        }
    }
}

// propose: 50 x 60
// expect: Text#1 = 0 0 50 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift prioritize (flexibility measured with the stack's proposal across: the wrapping text is 20...40 tall)
// expect: Text#2 = 15 40 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Geometry/LayoutTraits.swift FlexibilityEstimate (the one-line text, less flexible, first)
struct WrappingTextInAColumnIsFlexible: View {
    var body: some View {
        VStack(spacing: 0) {
            Text("Hello world")
            Text("Hi")
        }
    }
}
