import SwiftUI

// SwiftUI layout conformance fixtures: frame(width:height:alignment:) and
// frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:). See Stacks.swift
// for the format.

// propose: nil x nil
// expect: frame#1 = 0 0 100 50 | developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:) (a fixed width and height)
// expect: Text#1 = 25 15 50 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift FrameLayoutCommon.commonPlacement (centre)
struct FixedFrameCentresItsText: View {
    var body: some View {
        Text("Hello")
            .frame(width: 100, height: 50)
    }
}

// propose: 100 x 60
// expect: frame#1 = 0 0 30 60 | developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:) (If height is nil, the resulting view assumes this view's sizing behavior)
// expect: Color#1 = 0 0 30 60 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FrameLayout.sizeThatFits (the proposal's height to the child)
struct FixedWidthKeepsTheChildsHeight: View {
    var body: some View {
        Color.red.frame(width: 30)
    }
}

// propose: nil x nil
// expect: Text#1 = 0 0 20 20 | developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:) (alignment: topLeading)
struct TopLeadingFixedFrame: View {
    var body: some View {
        Text("Hi")
            .frame(width: 100, height: 40, alignment: .topLeading)
    }
}

// propose: nil x nil
// expect: Text#1 = 80 20 20 20 | developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:) (alignment: bottomTrailing)
struct BottomTrailingFixedFrame: View {
    var body: some View {
        Text("Hi")
            .frame(width: 100, height: 40, alignment: .bottomTrailing)
    }
}

// propose: nil x nil
// expect: frame#1 = 0 0 50 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FrameLayout.sizeThatFits (width fixed, height the child's)
// expect: Text#1 = 0 0 50 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FrameLayout.placement (the fixed width proposed)
struct NarrowFixedFrameWrapsItsText: View {
    var body: some View {
        Text("Hello world")
            .frame(width: 50)
    }
}

// propose: 200 x nil
// expect: frame#1 = 0 0 200 20 | swiftuifieldguide.com/layout/flexible-frames/ (maxWidth: .infinity to fill up the available width)
// expect: Text#1 = 60 0 80 20 | swiftuifieldguide.com/layout/flexible-frames/ (The default is center)
struct MaxWidthInfinityFills: View {
    var body: some View {
        Text("Checkout")
            .frame(maxWidth: .infinity)
    }
}

// propose: 200 x nil
// expect: Text#1 = 0 0 80 20 | swiftuifieldguide.com/layout/flexible-frames/ (When we combine alignment with maxWidth: .infinity, we can push a view to the leading or trailing edge)
struct MaxWidthInfinityLeading: View {
    var body: some View {
        Text("Checkout")
            .frame(maxWidth: .infinity, alignment: .leading)
    }
}

// propose: 200 x nil
// expect: frame#1 = 0 0 150 52 | swiftuifieldguide.com/layout/flexible-frames/ (it only wraps the text in a frame that's at least 100 points wide)
// expect: padding#1 = 34 0 82 52 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FlexFrameLayout.sizeThatFits (minWidth alone: max(min(proposal, child), min))
// expect: Text#1 = 50 16 50 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/PaddingLayout.swift _PaddingLayout.placement
struct MinWidthWrapsAPaddedText: View {
    var body: some View {
        Text("Hello")
            .padding(16)
            .frame(minWidth: 150)
    }
}

// propose: 60 x nil
// expect: frame#1 = 0 0 120 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FlexFrameLayout.childProposal(myProposal:) (the proposal clamped to minWidth)
// expect: Text#1 = 5 0 110 20 | developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:) (The size proposed to this view is the size proposed to the frame, limited by any constraints specified)
struct MinWidthClampsTheOffer: View {
    var body: some View {
        Text("Hello world")
            .frame(minWidth: 120)
    }
}

// propose: 200 x nil
// expect: frame#1 = 0 0 50 40 | swiftuifieldguide.com/layout/flexible-frames/ (This clamping behavior happens at two points: both when the frame proposes to its child, and when the frame reports its own size)
// expect: Text#1 = 0 0 50 40 | swiftuifieldguide.com/layout/flexible-frames/ (the modifier takes the minimum of the proposed width and the specified value)
struct MaxWidthClampsTheOffer: View {
    var body: some View {
        Text("Hello world")
            .frame(maxWidth: 50)
    }
}

// propose: 300 x 20
// expect: frame#1 = 0 0 100 20 | developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:) (If both constraints are specified in a dimension, the frame unconditionally adopts the size proposed for it, clamped to the constraints)
// expect: Color#1 = 0 0 100 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FlexFrameLayout.placement
struct MinAndMaxWidthClampTheProposal: View {
    var body: some View {
        Color.red
            .frame(minWidth: 50, maxWidth: 100)
    }
}

// propose: 150 x nil
// expect: frame#1 = 0 0 150 20 | swiftuifieldguide.com/layout/flexible-frames/ (If we want to unconditionally accept the proposed width (regardless of the content's width), we can specify a minimum width of 0 and a maximum width of .infinity)
// expect: Text#1 = 65 0 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift FrameLayoutCommon.commonPlacement
struct ZeroToInfinityAcceptsTheProposal: View {
    var body: some View {
        Text("Hi")
            .frame(minWidth: 0, maxWidth: .infinity)
    }
}

// propose: 200 x 200
// expect: fixedSize#1 = 0 0 100 40 | swiftuifieldguide.com/layout/ideal-size/ (a custom ideal size using a flexible frame's idealWidth and idealHeight parameters)
// expect: frame#1 = 0 0 100 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FlexFrameLayout.sizeThatFits (nil proposed: the ideal)
// expect: Color#1 = 0 0 100 40 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FlexFrameLayout childPlacementProposal (an ideal is proposed as is)
struct IdealWidthUnderFixedSize: View {
    var body: some View {
        Color.purple
            .frame(idealWidth: 100, idealHeight: 40)
            .fixedSize()
    }
}

// propose: 200 x 200
// expect: frame#1 = 0 0 200 200 | swiftuifieldguide.com/layout/ideal-size/ (This is only used when a view gets proposed a nil value for the respective dimensions)
struct IdealWidthIgnoredWhenProposed: View {
    var body: some View {
        Color.purple
            .frame(idealWidth: 100, idealHeight: 40)
    }
}

// propose: 100 x 300
// expect: frame#1 = 0 0 10 300 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FlexFrameLayout.sizeThatFits (maxHeight alone: min(max(proposal, child), max))
// expect: Text#1 = 0 140 10 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift FrameLayoutCommon.commonPlacement
struct MaxHeightInfinityFillsTheHeight: View {
    var body: some View {
        Text("A")
            .frame(maxHeight: .infinity)
    }
}

// propose: 100 x nil
// expect: frame#1 = 0 0 120 20 | swiftuifieldguide.com/layout/flexible-frames/ (if the proposed width is small enough, it becomes as wide as the content)
// expect: Text#1 = 0 0 120 20 | swiftuifieldguide.com/layout/ideal-size/ (A text's ideal size is the bounding box of the rendered text without any word wrapping)
struct FixedSizeTextInAMaxWidthFrame: View {
    var body: some View {
        Text("Hello, world")
            .fixedSize()
            .frame(maxWidth: .infinity)
    }
}

// propose: 50 x nil
// expect: frame#1 = 0 0 50 30 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FlexFrameLayout.sizeThatFits (minHeight alone over a 10 pt ideal)
// expect: Color#1 = 0 0 50 30 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FlexFrameLayout childPlacementProposal (a length at its limit is proposed)
struct MinHeightOverAColorsIdealHeight: View {
    var body: some View {
        Color.red
            .frame(minHeight: 30)
    }
}
