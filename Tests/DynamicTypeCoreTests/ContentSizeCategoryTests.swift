import Testing

@testable import DynamicTypeCore

@Suite("Content-size categories")
struct ContentSizeCategoryTests {
    @Test("ordered xSmall … accessibility5, default large, accessibility from AX1")
    func ordering() {
        let all = ContentSizeCategory.allCases
        #expect(all.count == 12)
        #expect(all.map(\.name) == [
            "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
            "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5",
        ])
        #expect(all == all.sorted())
        #expect(ContentSizeCategory.default == .large)
        #expect(all.filter(\.isAccessibilityCategory) == ContentSizeCategory.accessibilityCategories)
        #expect(!ContentSizeCategory.xxxLarge.isAccessibilityCategory)
        #expect(ContentSizeCategory.accessibility1.isAccessibilityCategory)
        #expect(ContentSizeCategory.large.fileStem == "03-large")
        #expect(ContentSizeCategory.accessibility5.fileStem == "11-accessibility5")
    }

    @Test(
        "every documented alias parses, case-insensitively",
        arguments: [
            ("XS", ContentSizeCategory.xSmall), ("xs", .xSmall), ("extraSmall", .xSmall), ("extra-small", .xSmall),
            ("UICTContentSizeCategoryXS", .xSmall), ("S", .small), ("M", .medium), ("L", .large),
            ("XL", .xLarge), ("extraLarge", .xLarge), ("XXL", .xxLarge), ("extraExtraLarge", .xxLarge),
            ("XXXL", .xxxLarge), ("extra-extra-extra-large", .xxxLarge), ("UICTContentSizeCategoryXXXL", .xxxLarge),
            ("AX1", .accessibility1), ("accessibilityMedium", .accessibility1),
            ("UICTContentSizeCategoryAccessibilityM", .accessibility1), ("accessibility-medium", .accessibility1),
            ("ax2", .accessibility2), ("accessibilityLarge", .accessibility2), ("AX3", .accessibility3),
            ("accessibilityExtraLarge", .accessibility3), ("accessibility-extra-large", .accessibility3),
            ("AX4", .accessibility4), ("accessibilityExtraExtraLarge", .accessibility4),
            ("AX5", .accessibility5), ("accessibilityExtraExtraExtraLarge", .accessibility5),
            ("UICTContentSizeCategoryAccessibilityXXXL", .accessibility5),
            ("accessibility-extra-extra-extra-large", .accessibility5), ("  Large ", .large), ("XLARGE", .xLarge),
        ])
    func aliases(text: String, expected: ContentSizeCategory) throws {
        #expect(try ContentSizeCategory(parsing: text) == expected)
    }

    @Test("every category's own aliases round-trip")
    func roundTrip() throws {
        for category in ContentSizeCategory.allCases {
            for alias in category.aliases {
                #expect(try ContentSizeCategory(parsing: alias) == category, "\(alias)")
            }
        }
    }

    @Test("unknown names list the valid ones and suggest the closest")
    func unknownName() {
        do {
            _ = try ContentSizeCategory(parsing: "xLage")
            Issue.record("expected an error")
        } catch let error as CategoryParseError {
            #expect(error.suggestion == "xLarge")
            #expect(error.description.contains("accessibility5"))
            #expect(error.description.contains("did you mean 'xLarge'"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(throws: CategoryParseError.self) { try ContentSizeCategory(parsing: "") }
        #expect(throws: CategoryParseError.self) { try ContentSizeCategory(parsing: "huge") }
    }

    @Test(
        "ranges and sets",
        arguments: [
            ("large...accessibility2", Array(ContentSizeCategory.allCases[3...8])),
            ("L...AX2", Array(ContentSizeCategory.allCases[3...8])),
            ("...xxxLarge", ContentSizeCategory.standardCategories),
            ("accessibility1...", ContentSizeCategory.accessibilityCategories),
            ("xSmall..<large", [ContentSizeCategory.xSmall, .small, .medium]),
            ("all", ContentSizeCategory.allCases),
            ("standard", ContentSizeCategory.standardCategories),
            ("accessibility", ContentSizeCategory.accessibilityCategories),
            ("AX5,xs,L", [ContentSizeCategory.xSmall, .large, .accessibility5]),
            ("large", [ContentSizeCategory.large]),
        ])
    func ranges(text: String, expected: [ContentSizeCategory]) throws {
        #expect(try ContentSizeCategorySelection(parsing: text).categories == expected)
    }

    @Test("backwards and empty ranges are errors that say how to fix them")
    func badRanges() {
        #expect(throws: CategoryRangeError.self) { try ContentSizeCategorySelection(parsing: "AX2...large") }
        #expect(throws: CategoryRangeError.self) { try ContentSizeCategorySelection(parsing: "large..<large") }
        #expect(throws: CategoryParseError.self) { try ContentSizeCategorySelection(parsing: "large...huge") }
        #expect(throws: CategoryRangeError.self) { try ContentSizeCategorySelection(parsing: ",") }
    }
}

@Suite("Text styles")
struct TextStyleTests {
    @Test(
        "SwiftUI, UIKit and raw spellings",
        arguments: [
            ("body", TextStyle.body), ("UIFontTextStyleBody", .body), ("UICTFontTextStyleBody", .body),
            ("title", .title1), ("title1", .title1), ("UIFontTextStyleTitle1", .title1), ("caption", .caption1),
            ("caption1", .caption1), ("caption2", .caption2), ("UICTFontTextStyleTitle0", .largeTitle),
            ("UICTFontTextStyleSubhead", .subheadline), ("HEADLINE", .headline), ("extraLargeTitle2", .extraLargeTitle2),
        ])
    func parse(text: String, expected: TextStyle) throws {
        #expect(try TextStyle(parsing: text) == expected)
    }

    @Test("unknown style suggests the closest name")
    func unknown() {
        do {
            _ = try TextStyle(parsing: "headlin")
            Issue.record("expected an error")
        } catch let error as TextStyleParseError {
            #expect(error.suggestion == "headline")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
