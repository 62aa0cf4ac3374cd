import SwiftUI

// SwiftUI layout conformance fixtures: overlay and background with views. See Stacks.swift for
// the format.

// propose: nil x nil
// expect: overlay#1 = 0 0 100 50 | OpenSwiftUI Sources/OpenSwiftUICore/Modifier/ViewModifier/OverlayModifier.swift makeSecondaryLayerView (result.layoutComputer = primaryOutputs.layoutComputer)
// expect: Text#1 = 70 0 30 20 | developer.apple.com/documentation/swiftui/view/overlay(alignment:content:) (alignment: topTrailing)
struct OverlayIsItsPrimarysSize: View {
    var body: some View {
        Color.red
            .frame(width: 100, height: 50)
            .overlay(alignment: .topTrailing) {
                Text("New")
            }
    }
}

// propose: nil x nil
// expect: overlay#1 = 0 0 50 60 | OpenSwiftUI Sources/OpenSwiftUICore/Modifier/ViewModifier/OverlayModifier.swift SecondaryLayerGeometryQuery (the layer is proposed the primary's size)
// expect: Text#1 = 0 10 50 40 | OpenSwiftUI Sources/OpenSwiftUICore/Modifier/ViewModifier/OverlayModifier.swift SecondaryLayerGeometryQuery (alignment ?? .center)
struct OverlayTextWrapsInItsPrimary: View {
    var body: some View {
        Color.blue
            .frame(width: 50, height: 60)
            .overlay {
                Text("Hello world")
            }
    }
}

// propose: nil x nil
// expect: background#1 = 0 0 40 40 | OpenSwiftUI Sources/OpenSwiftUICore/Modifier/ViewModifier/BackgroundModifier.swift _BackgroundModifier (makeSecondaryLayerView with flipOrder: the layer is behind)
// expect: Text#1 = 0 20 10 20 | developer.apple.com/documentation/swiftui/view/background(alignment:content:) (alignment: bottomLeading)
// expect: Text#2 = 10 10 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Modifier/PaddingLayout.swift _PaddingLayout.placement
struct BackgroundViewsAreLaidOutBehind: View {
    var body: some View {
        Text("Hi")
            .padding(10)
            .background(alignment: .bottomLeading) {
                Text("x")
            }
    }
}

// propose: 100 x 100
// expect: ZStack#1 = 0 0 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Modifier/ViewModifier/OverlayModifier.swift makeSecondaryLayerView (the primary's layout, priority included)
// expect: overlay#1 = 0 0 20 20 | OpenSwiftUI Sources/OpenSwiftUICore/Layout/Stack/ZStack.swift _ZStackLayout.sizeThatFits
struct PriorityShowsThroughOverlay: View {
    var body: some View {
        ZStack {
            Color.red
            Text("Hi")
                .layoutPriority(1)
                .overlay {
                    Text("!")
                }
        }
    }
}
