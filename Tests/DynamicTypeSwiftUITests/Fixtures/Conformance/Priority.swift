import SwiftUI

// SwiftUI layout conformance fixtures: layoutPriority. See Stacks.swift for the format.

// propose: 200 x 100
// expect: Color#1 = 0 0 32 100 | swiftuifieldguide.com/layout/hstack/ (a higher layout priority causes the stack to propose the entire remaining width to the first group)
// expect: Text#1 = 40 40 120 20 | swiftuifieldguide.com/layout/hstack/ (Now the text is rendered at its ideal size)
// expect: Color#2 = 168 0 32 100 | swiftuifieldguide.com/layout/hstack/ (before proceeding with the second group)
struct PriorityTextAtItsIdealSize: View {
    var body: some View {
        HStack {
            RoundedRectangle(cornerRadius: 8)
                .fill(Color.blue)
            Text("Hello, world").layoutPriority(1)
            RoundedRectangle(cornerRadius: 8)
                .fill(Color.green)
        }
    }
}

// propose: 120 x nil
// expect: Text#1 = 0 0 90 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/LayoutPriority.swift LayoutPriorityLayout (environment modifiers make no layout, so the priority shows through .font)
// expect: Text#2 = 90 0 30 20 | developer.apple.com/documentation/swiftui/view/layoutpriority(_:) (all the space offered to the parent minus the minimum space required for all its lower-priority children)
struct PriorityShowsThroughFont: View {
    var body: some View {
        HStack(spacing: 0) {
            Text("Left side")
                .layoutPriority(1)
                .font(.body)
            Text("Right side")
                .lineLimit(1)
        }
    }
}

// propose: 120 x nil
// expect: Text#1 = 0 0 90 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/LayoutPriority.swift LayoutPriorityLayout.layoutPriority(child:)
// expect: Text#2 = 90 0 30 20 | developer.apple.com/documentation/swiftui/view/layoutpriority(_:)
struct PriorityShowsThroughForegroundStyleAndLineLimit: View {
    var body: some View {
        HStack(spacing: 0) {
            Text("Left side")
                .layoutPriority(1)
                .foregroundStyle(.secondary)
                .lineLimit(2)
            Text("Right side")
                .lineLimit(1)
        }
    }
}

// propose: 120 x nil
// expect: padding#1 = 0 0 50 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/LayoutView.swift UnaryLayout.layoutPriority(child:) returns .zero (padding hides the priority)
// expect: Text#1 = 10 0 40 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift prioritize (equal priorities: least flexible first)
// expect: Text#2 = 50 10 50 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal
struct PriorityIsLostUnderPadding: View {
    var body: some View {
        HStack(spacing: 0) {
            Text("Left side")
                .layoutPriority(1)
                .padding(.leading, 10)
            Text("Right")
        }
    }
}

// propose: 100 x 20
// expect: Color#1 = 0 0 100 20 | developer.apple.com/documentation/swiftui/view/layoutpriority(_:) (a lower priority shrinks first)
// expect: Text#1 = 100 0 0 20 | OpenSwiftUI Sources/OpenSwiftUICore/View/Text/Text/Text+View.swift StyledTextLayoutEngine.lengthThatFits (a text offered no width takes none)
struct NegativePriorityGetsWhatIsLeft: View {
    var body: some View {
        HStack(spacing: 0) {
            Color.red
            Text("Hello").layoutPriority(-1)
        }
    }
}

// propose: 100 x 100
// expect: ZStack#1 = 0 0 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/ZStack.swift _ZStackLayout.sizeThatFits (only the highest-priority children count)
// expect: Color#1 = 0 0 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/ZStack.swift _ZStackLayout.placeSubviews (every child proposed the stack's size)
// expect: Text#1 = 0 0 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/ZStack.swift _ZStackLayout.placeSubviews
struct ZStackSizesToItsPriorityChild: View {
    var body: some View {
        ZStack {
            Color.red
            Text("Hi").layoutPriority(1)
        }
    }
}

// propose: 100 x 100
// expect: ZStack#1 = 0 0 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/FixedSizeLayout.swift _FixedSizeLayout.layoutPriority(child:) (fixedSize keeps its child's priority)
// expect: fixedSize#1 = 0 0 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/ZStack.swift _ZStackLayout.sizeThatFits
struct PriorityShowsThroughFixedSize: View {
    var body: some View {
        ZStack {
            Color.red
            Text("Hi")
                .layoutPriority(1)
                .fixedSize()
        }
    }
}

// propose: 100 x 100
// expect: ZStack#1 = 0 0 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Modifier/ViewModifier/BackgroundModifier.swift (result.layoutComputer = primaryOutputs.layoutComputer: the content's priority)
// expect: background#1 = 0 0 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/ZStack.swift _ZStackLayout.sizeThatFits
struct PriorityShowsThroughBackground: View {
    var body: some View {
        ZStack {
            Color.red
            Text("Hi")
                .layoutPriority(1)
                .background(Color.yellow)
        }
    }
}
