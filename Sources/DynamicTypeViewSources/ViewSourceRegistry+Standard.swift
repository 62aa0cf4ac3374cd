import DynamicTypeAudit
import DynamicTypeSwiftUI
import InterfaceBuilderViews
import NotepadViews
import ScreenFileViews

extension ViewSourceRegistry {
    /// Every source of views `dyntype` reads, in report order: the seeds' notepad (text files),
    /// screen files, SwiftUI sources, Interface Builder files. Adding a source is one module with a ``ViewSourceReader``
    /// and one line here.
    package static let standard = ViewSourceRegistry(readers: [
        NotepadReader(),
        ScreenFileReader(),
        SwiftUIViewReader(),
        InterfaceBuilderViewReader(),
    ])
}
