import SwiftUI

// SwiftUI layout conformance fixtures: ViewThatFits and ScrollView. See Stacks.swift for the format.

// propose: 200 x 100
// expect: ViewThatFits#1 = 0 0 150 20 | developer.apple.com/documentation/swiftui/viewthatfits (selects the first child whose ideal size on the constrained axes fits within the proposed size)
// expect: Text#1 = 0 0 150 20 | developer.apple.com/documentation/swiftui/viewthatfits
struct FirstChildThatFits: View {
    var body: some View {
        ViewThatFits {
            Text("Long label text")
            Text("Short")
        }
    }
}

// propose: 100 x 100
// expect: ViewThatFits#1 = 0 0 50 20 | developer.apple.com/documentation/swiftui/viewthatfits (evaluates its child views in the order you provide them)
// expect: Text#1 = 0 0 50 20 | developer.apple.com/documentation/swiftui/viewthatfits
struct SecondChildWhenTheFirstIsTooWide: View {
    var body: some View {
        ViewThatFits {
            Text("Long label text")
            Text("Short")
        }
    }
}

// propose: 80 x 100
// expect: ViewThatFits#1 = 0 0 50 60 | developer.apple.com/documentation/swiftui/viewthatfits (the children in order; with none fitting, the last)
// expect: Text#1 = 0 0 50 60 | developer.apple.com/documentation/swiftui/viewthatfits
struct LastChildWhenNoneFits: View {
    var body: some View {
        ViewThatFits {
            Text("Long label text")
            Text("Also long label")
        }
    }
}

// propose: 120 x 10
// expect: ViewThatFits#1 = 0 0 110 20 | developer.apple.com/documentation/swiftui/viewthatfits/init(in:content:) (axes: the axes to check; the height is not)
// expect: Text#1 = 0 0 110 20 | developer.apple.com/documentation/swiftui/viewthatfits/init(in:content:)
struct HorizontalViewThatFitsIgnoresHeight: View {
    var body: some View {
        ViewThatFits(in: .horizontal) {
            Text("Hello world")
            Text("Hi")
        }
    }
}

// propose: 120 x 10
// expect: ViewThatFits#1 = 0 0 20 20 | developer.apple.com/documentation/swiftui/viewthatfits (both axes constrained by default: 20 pt of ideal height does not fit in 10)
// expect: Text#1 = 0 0 20 20 | developer.apple.com/documentation/swiftui/viewthatfits
struct ViewThatFitsChecksBothAxesByDefault: View {
    var body: some View {
        ViewThatFits {
            Text("Hello world")
            Text("Hi")
        }
    }
}

// propose: 200 x 300
// expect: ScrollView#1 = 0 0 50 300 | swiftuifieldguide.com/layout/scrollview/ (a vertical scroll view always becomes exactly as tall as proposed ... it only becomes as wide as the width of its contents)
// expect: Text#1 = 0 0 50 20 | swiftuifieldguide.com/layout/scrollview/ (it proposes nil for the height to its children)
struct ScrollViewTakesTheProposedHeight: View {
    var body: some View {
        ScrollView {
            Text("Hello")
        }
    }
}

// propose: 100 x 300
// expect: ScrollView#1 = 0 0 100 300 | swiftuifieldguide.com/layout/scrollview/
// expect: Color#1 = 0 0 100 10 | swiftuifieldguide.com/layout/scrollview/ (the green color has an ideal height, which gets used when the stack proposes a nil height)
struct ColorInAScrollViewIsItsIdealHeight: View {
    var body: some View {
        ScrollView {
            Color.green
        }
    }
}

// propose: 60 x 100
// expect: ScrollView#1 = 0 0 60 20 | swiftuifieldguide.com/layout/scrollview/ (We can specify along which axes a scroll view should scroll)
// expect: Text#1 = 0 0 110 20 | swiftuifieldguide.com/layout/ideal-size/ (When we use a scroll view, views will also render at their ideal width)
struct HorizontalScrollViewTakesTheProposedWidth: View {
    var body: some View {
        ScrollView(.horizontal) {
            Text("Hello world")
        }
    }
}

// propose: 100 x 300
// expect: VStack#1 = 0 0 100 300 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift sizeChildrenGenerallyWithConcreteMajorProposal (the text is less flexible and goes first)
// expect: Text#1 = 25 0 50 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/StackLayout.swift placeChildren1
// expect: ScrollView#1 = 0 20 100 280 | swiftuifieldguide.com/layout/scrollview/ (a vertical scroll view always becomes exactly as tall as proposed)
// expect: frame#1 = 0 20 100 500 | swiftuifieldguide.com/layout/scrollview/ (it has infinite vertical space available for its contents)
struct ScrollViewBelowATitleTakesTheRest: View {
    var body: some View {
        VStack(spacing: 0) {
            Text("Title")
            ScrollView {
                Color.red.frame(height: 500)
            }
        }
    }
}
