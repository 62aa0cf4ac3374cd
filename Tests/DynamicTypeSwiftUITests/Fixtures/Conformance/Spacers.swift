import SwiftUI

// SwiftUI layout conformance fixtures: Spacer. A spacer ranks below every other child of its
// stack (layoutPriority -infinity), keeps its minimum length until the others are sized, and
// wants no spacing to its neighbours. See Stacks.swift for the format.

// propose: nil x nil
// expect: frame#1 = 0 0 200 80 | OpenSwiftUI Example/OpenSwiftUIUITests/Layout/Separator/SpacerUITests.swift spacerInHStack
// expect: HStack#1 = 0 15 200 50 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal
// expect: frame#2 = 0 15 50 50 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.spacing (.horizontal(.zero))
// expect: Spacer#1 = 50 40 100 0 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.sizeThatFits (height 0 in an HStack)
// expect: frame#3 = 150 15 50 50 | OpenSwiftUI Example/OpenSwiftUIUITests/Layout/Separator/SpacerUITests.swift spacerInHStack
struct SpacerBetweenSquares: View {
    var body: some View {
        HStack {
            Color.red
                .frame(width: 50, height: 50)
            Spacer()
            Color.blue
                .frame(width: 50, height: 50)
        }
        .frame(width: 200, height: 80)
    }
}

// propose: nil x nil
// expect: VStack#1 = 15 0 50 200 | OpenSwiftUI Example/OpenSwiftUIUITests/Layout/Separator/SpacerUITests.swift spacerInVStack
// expect: frame#2 = 15 0 50 50 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.spacing (.vertical(.zero))
// expect: Spacer#1 = 40 50 0 100 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.sizeThatFits (width 0 in a VStack)
// expect: frame#3 = 15 150 50 50 | OpenSwiftUI Example/OpenSwiftUIUITests/Layout/Separator/SpacerUITests.swift spacerInVStack
struct SpacerBetweenSquaresInAVStack: View {
    var body: some View {
        VStack {
            Color.red
                .frame(width: 50, height: 50)
            Spacer()
            Color.blue
                .frame(width: 50, height: 50)
        }
        .frame(width: 80, height: 200)
    }
}

// propose: nil x nil
// expect: frame#2 = 0 15 40 50 | OpenSwiftUI Example/OpenSwiftUIUITests/Layout/Separator/SpacerUITests.swift multipleSpacersInHStack
// expect: Spacer#1 = 40 40 65 0 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal (spacers share what is left evenly)
// expect: frame#3 = 105 15 40 50 | OpenSwiftUI Example/OpenSwiftUIUITests/Layout/Separator/SpacerUITests.swift multipleSpacersInHStack
// expect: Spacer#2 = 145 40 65 0 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift evenSplitAvailableSpace
// expect: frame#4 = 210 15 40 50 | OpenSwiftUI Example/OpenSwiftUIUITests/Layout/Separator/SpacerUITests.swift multipleSpacersInHStack
struct TwoSpacersShareTheRest: View {
    var body: some View {
        HStack {
            Color.red
                .frame(width: 40, height: 50)
            Spacer()
            Color.blue
                .frame(width: 40, height: 50)
            Spacer()
            Color.green
                .frame(width: 40, height: 50)
        }
        .frame(width: 250, height: 80)
    }
}

// propose: 200 x nil
// expect: HStack#1 = 0 0 200 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal
// expect: Text#1 = 0 0 80 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Geometry/Spacing.swift Spacing._distance (a spacer's 0 wins over no preference)
// expect: Spacer#1 = 80 10 40 0 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.spacing
// expect: Text#2 = 120 0 80 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.spacing
struct TextSpacerTextWithRoom: View {
    var body: some View {
        HStack {
            Text("Delivery")
            Spacer()
            Text("Tomorrow")
        }
    }
}

// propose: 170 x nil
// expect: Text#1 = 0 0 80 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.layoutPriority (-infinity: the texts are sized first)
// expect: Spacer#1 = 80 10 10 0 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal (the spacer's minimum is kept back)
// expect: Text#2 = 90 0 80 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal
struct TextSpacerTextJustFits: View {
    var body: some View {
        HStack {
            Text("Delivery")
                .lineLimit(1)
            Spacer()
            Text("Tomorrow")
                .lineLimit(1)
        }
    }
}

// propose: 160 x nil
// expect: Text#1 = 0 0 70 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift evenSplitAvailableSpace ((160 - 8) / 2 = 76 offered)
// expect: Spacer#1 = 70 10 10 0 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.sizeThatFits
// expect: Text#2 = 80 0 80 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal (what the first does not take goes to the next)
struct TextSpacerTextTruncates: View {
    var body: some View {
        HStack {
            Text("Delivery")
                .lineLimit(1)
            Spacer()
            Text("Tomorrow")
                .lineLimit(1)
        }
    }
}

// propose: 120 x 10
// expect: HStack#1 = 0 0 130 10 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.sizeThatFits (max(proposal, minLength))
// expect: Spacer#1 = 50 5 30 0 | developer.apple.com/documentation/swiftui/spacer/minlength
// expect: frame#2 = 80 0 50 10 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal
struct SpacerKeepsItsMinimumLength: View {
    var body: some View {
        HStack(spacing: 0) {
            Color.red.frame(width: 50)
            Spacer(minLength: 30)
            Color.blue.frame(width: 50)
        }
    }
}

// propose: nil x nil
// expect: HStack#1 = 0 0 56 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/FrameLayout.swift _FrameLayout.spacing (a frame resets the spacing of the edges it sizes)
// expect: frame#1 = 18 10 20 0 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Geometry/Spacing.swift Spacing.reset(_:)
// expect: Text#2 = 46 0 10 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Layout.swift ViewSpacing.distance(to:along:) (default spacing)
struct FramedSpacerGetsDefaultSpacing: View {
    var body: some View {
        HStack {
            Text("A")
            Spacer().frame(width: 20)
            Text("B")
        }
    }
}

// propose: nil x nil
// expect: Spacer#1 = 0 0 8 8 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.sizeThatFits (no stack: both axes, minLength nil is the default spacing)
struct SpacerAloneIsItsMinimum: View {
    var body: some View {
        Spacer()
    }
}

// propose: 100 x 50
// expect: Spacer#1 = 0 0 100 50 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift SpacerLayoutComputer.Engine.sizeThatFits (no stack: the proposal on both axes)
struct SpacerAloneTakesItsProposal: View {
    var body: some View {
        Spacer()
    }
}
