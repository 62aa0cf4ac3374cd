import DynamicTypeCore
import FontSystem
import Foundation

@testable import TextStack

/// Shared fixtures for layout tests: real fonts at iOS body sizes.
enum LayoutFixtures {
    static let resolver = try! FontResolver.shared()

    static func body(_ category: ContentSizeCategory = .large) throws -> ResolvedFont {
        try resolver.resolve(FontDescriptor.preferred(for: .body, category: category, profile: .ios))
    }

    /// A storage of `text` in body at `category`, with an optional paragraph style.
    static func storage(_ text: String, category: ContentSizeCategory = .large, style: ParagraphStyle? = nil) throws
        -> TextStorage
    {
        var attributes = TextAttributes(resolvedFont: try body(category))
        attributes.paragraphStyle = style
        return TextStorage(string: text, attributes: attributes)
    }

    /// A layout manager over `storage` with one container per size.
    static func layout(_ storage: TextStorage, sizes: [Size], padding: Double = 0) throws -> (LayoutManager, [TextContainer]) {
        let manager = try LayoutManager(resolver: resolver)
        let containers = sizes.map { TextContainer(size: $0, lineFragmentPadding: padding) }
        for container in containers { manager.addTextContainer(container) }
        manager.attach(to: storage)
        return (manager, containers)
    }

    /// The text of each line fragment.
    static func lineTexts(_ manager: LayoutManager, _ storage: TextStorage) -> [String] {
        manager.lineFragments.map { storage.substring(with: $0.characterRange) }
    }
}
