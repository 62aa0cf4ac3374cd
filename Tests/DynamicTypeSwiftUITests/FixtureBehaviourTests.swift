import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSwiftUI
import Testing

/// The fixture app's views behave as their comments say, at the sizes they say.
@Suite struct FixtureBehaviourTests {
    @Test func everyViewAndPreviewIsAView() throws {
        let ids = Fixtures.documents.map(\.slug)
        for id in ["SettingsRow", "CheckoutButton", "PriceTag", "ContactActions", "AccountScreen", "SaveBar", "MapCard"] {
            #expect(ids.contains(id), "missing \(id) in \(ids)")
        }
        // `#Preview("Settings row")` and the PreviewProvider are views too, located in their files.
        #expect(ids.contains("Settings-row"))
        #expect(ids.contains("AccountScreen_Previews"))
        let preview = try Fixtures.document("Settings-row")
        #expect(preview.source?.hasSuffix("SettingsRow.swift") == true)
        #expect(preview.screen.name == "Preview: Settings row")
    }

    // Where SettingsRow truncates is computed from its widths in SpacerRowTests.
}

/// The rest of the list: fixed frames, fixed fonts, ViewThatFits, composition, locales,
/// what cannot be laid out.
@Suite struct FixtureFindingTests {
    @Test func fixedHeightButtonWhoseTitleNoLongerFitsIsReported() throws {
        // Nothing clips the 44 pt frame, so SwiftUI draws the title past it: it overflows the
        // frame (a warning), it is not cut (`clipped`).
        func frameFindings(_ category: ContentSizeCategory) throws -> [Finding] {
            try Fixtures.findings("CheckoutButton", at: category).filter { $0.kind == .overflow || $0.kind == .clipped }
        }
        #expect(try frameFindings(.large).isEmpty)
        let atAX3 = try frameFindings(.accessibility3)
        #expect(atAX3.count == 1, "\(atAX3)")
        #expect(atAX3.first?.kind == .overflow)
        #expect(atAX3.first?.severity == .warning)
        #expect(atAX3.first?.element.contains("CheckoutButton.swift:") == true, "\(atAX3)")
        #expect(atAX3.first?.message.contains("past the frame") == true)
    }

    @Test func fixedSizeFontsDoNotScale() throws {
        let findings = try Fixtures.findings("PriceTag", at: .accessibility1).filter { $0.kind == .notScaling }
        #expect(findings.count == 2, "\(findings)")
        #expect(findings.allSatisfy { $0.element.contains("PriceTag.swift:") })
        #expect(try Fixtures.findings("PriceTag", at: .large).filter { $0.kind == .notScaling }.isEmpty)
    }

    @Test func viewThatFitsSwitchesToAColumnInsteadOfTruncating() throws {
        func stacks(_ category: ContentSizeCategory) throws -> [String] {
            try Fixtures.live("ContactActions", at: category).laidOut.views.map(\.path).filter { $0.contains("Stack") }
        }
        #expect(try stacks(.large).allSatisfy { $0.hasPrefix("HStack") })
        #expect(try stacks(.accessibility3).allSatisfy { $0.hasPrefix("VStack") })
        #expect(!(try stacks(.accessibility3)).isEmpty)
        for category in ContentSizeCategory.allCases {
            let truncated = try Fixtures.findings("ContactActions", at: category).filter { $0.kind == .truncated }
            #expect(truncated.isEmpty, "\(category.name): \(truncated)")
        }
    }

    @Test func aScreenComposedOfThoseViewsInheritsTheirFindings() throws {
        let findings = try Fixtures.findings("AccountScreen", at: .accessibility3)
        func has(_ kind: Finding.Kind, in file: String) -> Bool {
            findings.contains { $0.kind == kind && $0.element.contains(file) }
        }
        #expect(has(.truncated, in: "SettingsRow.swift"), "\(findings)")
        #expect(has(.notScaling, in: "PriceTag.swift"))
        #expect(has(.overflow, in: "CheckoutButton.swift"))
        #expect(!has(.truncated, in: "ContactActions.swift"))
        #expect(findings.allSatisfy { $0.view == "AccountScreen" })
    }

    @Test func aLocalizedKeyTruncatesInGermanOnly() throws {
        let german = try Fixtures.findings("SaveBar", at: .large, locale: "de").filter { $0.kind == .truncated }
        let english = try Fixtures.findings("SaveBar", at: .large, locale: "en").filter { $0.kind == .truncated }
        #expect(german.count == 1, "\(german)")
        #expect(german.first?.message.contains("Alle Änderungen") == true)
        #expect(english.isEmpty, "\(english)")
    }

    @Test func aCanvasIsReportedAsNotLaidOut() throws {
        let live = try Fixtures.live("MapCard", at: .large)
        let findings = ViewRenderer.findings(of: live, profile: .ios, scale: 1, category: .large).filter { $0.kind == .notLaidOut }
        #expect(findings.contains { $0.message.contains("Canvas is drawn as an opaque box of 393 × 120 pt") }, "\(findings)")
        #expect(findings.contains { $0.message.hasPrefix("coverage ") })
        #expect(findings.allSatisfy { $0.severity == .info })
        // The box is laid out where the Canvas is, below the headline.
        let box = live.laidOut.views.first { $0.path.hasPrefix("Canvas") }
        #expect(box?.frame.height == 120)
    }
}
