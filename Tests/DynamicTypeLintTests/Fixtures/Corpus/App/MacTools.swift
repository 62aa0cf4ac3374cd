import AppKit

final class InspectorView: NSView {
    let field = NSTextField()
    func setUp() {
        field.font = .systemFont(ofSize: 12)
        field.font = NSFont.boldSystemFont(ofSize: 13)
    }
}
