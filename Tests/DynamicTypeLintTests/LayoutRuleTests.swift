import Testing

@testable import DynamicTypeLint

@Suite("lint: labels, heights, caps and single lines")
struct LayoutRuleTests {
    typealias S = LintTestSupport

    @Test("a text style without adjustsFontForContentSizeCategory is reported; adjusting or restyling types are fine")
    func textStyle() {
        let stale = "class A { func f() { title.font = .preferredFont(forTextStyle: .body) } }"
        #expect(S.rules(stale) == [.textStyleNotAdjusting])
        let scaled = "class A { func f() { title.font = UIFontMetrics.default.scaledFont(for: base) } }"
        #expect(S.rules(scaled) == [.textStyleNotAdjusting])
        let adjusting = """
            class A { func f() { self.title.font = .preferredFont(forTextStyle: .body) } }
            extension A { func g() { title.adjustsFontForContentSizeCategory = true } }
            """
        #expect(S.rules(adjusting).isEmpty)
        let otherLabel = "class A { func f() { title.font = .preferredFont(forTextStyle: .body); other.adjustsFontForContentSizeCategory = true } }"
        #expect(S.rules(otherLabel) == [.textStyleNotAdjusting])
        let switchedOff = "class A { func f() { title.font = .preferredFont(forTextStyle: .body); title.adjustsFontForContentSizeCategory = false } }"
        #expect(S.rules(switchedOff) == [.textStyleNotAdjusting])
        let loop = "class A { func f() { title.font = .preferredFont(forTextStyle: .body); for l in [title, body] { l.adjustsFontForContentSizeCategory = true } } }"
        #expect(S.rules(loop).isEmpty)
        let forEach = "class A { func f() { title.font = .preferredFont(forTextStyle: .body); [body, title].forEach { $0.adjustsFontForContentSizeCategory = true } } }"
        #expect(S.rules(forEach).isEmpty)
        let loopElsewhere = "class A { func f() { title.font = .preferredFont(forTextStyle: .body); for l in [body] { l.adjustsFontForContentSizeCategory = true } } }"
        #expect(S.rules(loopElsewhere) == [.textStyleNotAdjusting])
        for marker in [
            "init() { NotificationCenter.default.addObserver(self, selector: #selector(g), name: UIContentSizeCategory.didChangeNotification, object: nil) }",
            "override func traitCollectionDidChange(_ p: UITraitCollection?) { f() }",
            "func h() { registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (v: Self, _) in v.f() } }",
        ] {
            #expect(S.rules("class A {\n func f() { title.font = .preferredFont(forTextStyle: .body) }\n \(marker)\n}").isEmpty, "\(marker)")
        }
    }

    @Test("fixed heights on labels and Text are reported; minimums, scaled values and other views are fine")
    func heights() {
        #expect(S.rules("func f() { titleLabel.heightAnchor.constraint(equalToConstant: 21).isActive = true }") == [.fixedTextHeight])
        #expect(S.rules("let rowHeight: CGFloat = 30\nfunc f() { name.heightAnchor.constraint(equalToConstant: rowHeight) }\nlet name = UILabel()") == [.fixedTextHeight])
        #expect(S.rules("func f() { titleLabel.heightAnchor.constraint(greaterThanOrEqualToConstant: 21) }").isEmpty)
        #expect(S.rules("func f() { avatar.heightAnchor.constraint(equalToConstant: 21) }").isEmpty)
        #expect(S.rules("func f() { titleLabel.heightAnchor.constraint(equalToConstant: metrics.scaledValue(for: 21)) }").isEmpty)
        #expect(S.rules("func f() { titleLabel.heightAnchor.constraint(equalToConstant: computedHeight) }").isEmpty)
        #expect(S.rules("let a = Text(\"a\").frame(height: 44)") == [.fixedTextHeight])
        #expect(S.rules("let a = Text(\"a\").font(.body).frame(width: 20, height: 44)") == [.fixedTextHeight])
        #expect(S.rules("let a = Text(\"a\").frame(minHeight: 44)").isEmpty)
        #expect(S.rules("let a = Text(\"a\").minimumScaleFactor(0.5).frame(width: 24, height: 24)").isEmpty)
        #expect(S.rules("let a = Image(\"a\").frame(height: 44)").isEmpty)
        #expect(S.rules("struct V { @ScaledMetric var h = 44.0\n var body: some View { Text(\"a\").frame(height: h) } }").isEmpty)
        let constraint = "func f() { NSLayoutConstraint(item: dateLabel, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 16) }"
        #expect(S.rules(constraint) == [.fixedTextHeight])
        #expect(S.rules(constraint.replacingOccurrences(of: ".equal,", with: ".greaterThanOrEqual,")).isEmpty)
    }

    @Test("caps below accessibility1 are reported, with the size named", arguments: [
        (".dynamicTypeSize(...DynamicTypeSize.xxxLarge)", "xxxLarge"),
        (".dynamicTypeSize(...(.large))", "large"),
        (".dynamicTypeSize(.xSmall ... .xLarge)", "xLarge"),
        (".dynamicTypeSize(..<DynamicTypeSize.accessibility1)", "xxxLarge"),
        (".dynamicTypeSize(.large)", "large"),
        (".environment(\\.dynamicTypeSize, .medium)", "medium"),
        (".environment(\\.sizeCategory, .extraExtraLarge)", "xxLarge"),
    ])
    func caps(modifier: String, size: String) {
        let findings = Linter.check(swift: "let v = Text(\"a\")\(modifier)")
        #expect(findings.map(\.rule) == [.dynamicTypeCap], "\(modifier)")
        #expect(findings.first?.message.contains(size) == true, "\(modifier): \(findings.first?.message ?? "")")
    }

    @Test("ranges reaching the accessibility sizes, or without an upper bound, are fine", arguments: [
        ".dynamicTypeSize(...DynamicTypeSize.accessibility2)", ".dynamicTypeSize(.large...)",
        ".dynamicTypeSize(.xSmall ... .accessibility5)", ".dynamicTypeSize(..<DynamicTypeSize.accessibility2)",
        ".environment(\\.dynamicTypeSize, .accessibility3)",
    ])
    func uncapped(modifier: String) {
        #expect(S.rules("let v = Text(\"a\")\(modifier)").isEmpty, "\(modifier)")
    }

    @Test("maximumContentSizeCategory below the accessibility sizes is a cap")
    func maximumCategory() {
        #expect(S.rules("func f() { view.maximumContentSizeCategory = .extraExtraExtraLarge }") == [.dynamicTypeCap])
        #expect(S.rules("func f() { view.maximumContentSizeCategory = .accessibilityMedium }").isEmpty)
        #expect(S.rules("func f() { view.minimumContentSizeCategory = .large }").isEmpty)
    }

    @Test("one line of scalable text is info; shrinking, ranges and fixed fonts are not reported")
    func singleLine() {
        let findings = Linter.check(swift: "let a = Text(\"a\").font(.headline).lineLimit(1)")
        #expect(findings.map(\.rule) == [.singleLineText])
        #expect(findings.first?.severity == .info)
        #expect(S.rules("let a = Text(\"a\").lineLimit(1).minimumScaleFactor(0.5)").isEmpty)
        #expect(S.rules("let a = Text(\"a\").lineLimit(2)").isEmpty)
        #expect(S.rules("let a = Text(\"a\").lineLimit(1...2)").isEmpty)
        #expect(S.rules("let a = Text(\"a\").font(.system(size: 12)).lineLimit(1)") == [.fixedFontSwiftUI])
        let uikit = "class A { func f() { t.font = .preferredFont(forTextStyle: .body); t.adjustsFontForContentSizeCategory = true; t.numberOfLines = 1 } }"
        #expect(S.rules(uikit) == [.singleLineText])
        #expect(S.rules(uikit.replacingOccurrences(of: "t.numberOfLines = 1", with: "t.numberOfLines = 1; t.adjustsFontSizeToFitWidth = true")).isEmpty)
        #expect(S.rules("class A { func f() { t.numberOfLines = 1 } }").isEmpty)
    }

    @Test("a modifier on a multi-line view is reported at its own line")
    func modifierLine() {
        let source = "let v = List {\n    Text(\"a\")\n}\n.dynamicTypeSize(...DynamicTypeSize.large)\n"
        #expect(S.placed(source) == ["dynamic-type-cap@4"])
    }
}
