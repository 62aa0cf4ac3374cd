import AppKit
import SwiftUI

/// Fixture: a macOS-only file (it imports AppKit, not UIKit): macOS has no Dynamic Type, so it is
/// skipped and said so.
struct MacSidebar: View {
    var body: some View {
        Text("Sidebar")
            .font(.system(size: 11))
    }
}
