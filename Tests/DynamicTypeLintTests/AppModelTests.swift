import Foundation
import Testing

@testable import DynamicTypeLint

/// The app across files: an Interface Builder view linked to its class and outlets, judged by what
/// the Swift files linted with it do to its font (``AppStyling``), and constants from other files.
@Suite("lint: the app model across files")
struct AppModelTests {
    /// A storyboard scene: a controller of class `controller` whose view holds a label (`label`
    /// attributes and children), with an outlet `outlet` to it.
    static func scene(controller: String = "ProfileViewController", outlet: String = "titleLabel", label: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
        <scenes><scene sceneID="s1"><objects>
        <viewController id="vc1" customClass="\(controller)" sceneMemberID="viewController">
        <view key="view" id="v1"><subviews>
        <label id="lab-1" \(label)</label>
        </subviews></view>
        <connections><outlet property="\(outlet)" destination="lab-1" id="o1"/></connections>
        </viewController>
        </objects></scene></scenes>
        </document>
        """
    }

    static let fixedLabel = #"text="Hi"><fontDescription key="fontDescription" type="system" pointSize="17"/>"#
    static let styleLabel = #"text="Hi"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>"#

    /// The rules found linting `files` (relative path → text) together.
    static func lint(_ files: [String: String]) throws -> [String] {
        let folder = try LintTestSupport.temporaryFolder("app-model")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in files { try LintTestSupport.write(text, to: path, in: folder) }
        let report = try Linter(root: folder.path).run([folder.path])
        return report.findings.map { "\($0.path):\($0.line):\($0.rule.rawValue)" }
    }

    @Test("an outlet restyled with a scaled font in viewDidLoad is no ib-fixed-font finding")
    func outletRestyledScaled() throws {
        let swift = """
            import UIKit
            class ProfileViewController: UIViewController {
                @IBOutlet var titleLabel: UILabel!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    titleLabel.font = UIFont.preferredFont(forTextStyle: .headline)
                    titleLabel.adjustsFontForContentSizeCategory = true
                }
            }
            """
        #expect(try Self.lint(["Main.storyboard": Self.scene(label: Self.fixedLabel), "Profile.swift": swift]) == [])
        // Without the Swift file, the storyboard's font is what shows.
        #expect(try Self.lint(["Main.storyboard": Self.scene(label: Self.fixedLabel)]) == ["Main.storyboard:6:ib-fixed-font"])
    }

    @Test("an outlet restyled with a fixed font stays a finding")
    func outletRestyledFixed() throws {
        let swift = """
            import UIKit
            class ProfileViewController: UIViewController {
                @IBOutlet var titleLabel: UILabel!
                override func viewDidLoad() {
                    titleLabel.font = .systemFont(ofSize: 20)
                }
            }
            """
        let found = try Self.lint(["Main.storyboard": Self.scene(label: Self.fixedLabel), "Profile.swift": swift])
        #expect(found.contains("Main.storyboard:6:ib-fixed-font"))
        #expect(found.contains("Profile.swift:5:fixed-font-uikit"))
    }

    @Test("another class's outlet of the same name does not count")
    func otherClassOutlet() throws {
        let swift = """
            import UIKit
            class SettingsViewController: UIViewController {
                @IBOutlet var titleLabel: UILabel!
                override func viewDidLoad() { titleLabel.font = UIFont.preferredFont(forTextStyle: .body) }
            }
            """
        #expect(try Self.lint(["Main.storyboard": Self.scene(label: Self.fixedLabel), "Settings.swift": swift]).contains("Main.storyboard:6:ib-fixed-font"))
    }

    @Test("a custom label class that scales its font in awakeFromNib, also through its superclass")
    func customClass() throws {
        let base = """
            import UIKit
            class StyledLabel: UILabel {
                override func awakeFromNib() {
                    super.awakeFromNib()
                    font = UIFontMetrics(forTextStyle: .body).scaledFont(for: font)
                    adjustsFontForContentSizeCategory = true
                }
            }
            class HeadlineLabel: StyledLabel {}
            """
        let label = #"customClass="HeadlineLabel" "# + Self.fixedLabel
        #expect(try Self.lint(["Main.storyboard": Self.scene(label: label), "Labels.swift": base]) == [])
    }

    @Test("a helper extension method called on the outlet (label.applyHeadlineStyle())")
    func helperMethod() throws {
        let helper = """
            import UIKit
            extension UILabel {
                func applyHeadlineStyle() {
                    font = UIFont.preferredFont(forTextStyle: .headline)
                    adjustsFontForContentSizeCategory = true
                }
            }
            """
        let controller = """
            import UIKit
            class ProfileViewController: UIViewController {
                @IBOutlet weak var titleLabel: UILabel?
                override func viewDidLoad() { titleLabel?.applyHeadlineStyle() }
            }
            """
        let files = ["Main.storyboard": Self.scene(label: Self.styleLabel), "Style.swift": helper, "Profile.swift": controller]
        #expect(try Self.lint(files) == [])
        // The text style without Automatically Adjusts Font is a finding when no code adjusts it.
        #expect(try Self.lint(["Main.storyboard": Self.scene(label: Self.styleLabel)]) == ["Main.storyboard:6:ib-text-style-not-adjusting"])
    }

    @Test("a font computed from preferredContentSizeCategory counts as scaling")
    func contentSizeCategorySwitch() throws {
        let controller = """
            import UIKit
            class ProfileViewController: UIViewController {
                @IBOutlet var titleLabel: UILabel!
                var titleFont: UIFont {
                    switch traitCollection.preferredContentSizeCategory {
                    case .extraLarge, .extraExtraLarge: return .systemFont(ofSize: 22)
                    default: return .systemFont(ofSize: 17)
                    }
                }
                override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                    super.traitCollectionDidChange(previous)
                    titleLabel.font = titleFont
                }
            }
            """
        let found = try Self.lint(["Main.storyboard": Self.scene(label: Self.fixedLabel), "Profile.swift": controller])
        #expect(!found.contains("Main.storyboard:6:ib-fixed-font"))
    }

    @Test("a helper function given the outlet (Style.headline(titleLabel))")
    func helperFunction() throws {
        let helper = """
            import UIKit
            enum Style {
                static func headline(_ label: UILabel) {
                    label.font = UIFont.preferredFont(forTextStyle: .headline)
                    label.adjustsFontForContentSizeCategory = true
                }
            }
            """
        let controller = """
            import UIKit
            class ProfileViewController: UIViewController {
                @IBOutlet var titleLabel: UILabel!
                override func viewDidLoad() { Style.headline(titleLabel) }
            }
            """
        #expect(try Self.lint(["Main.storyboard": Self.scene(label: Self.fixedLabel), "Style.swift": helper, "Profile.swift": controller]) == [])
    }

    @Test("a fixed-font label's height constraint stands only once code gives it a scaled font")
    func heightOfRestyledLabel() throws {
        let label = #"text="Hi"><fontDescription key="fontDescription" type="system" pointSize="17"/><constraints><constraint firstAttribute="height" constant="21" id="c1"/></constraints>"#
        #expect(try Self.lint(["Main.storyboard": Self.scene(label: label)]) == ["Main.storyboard:6:ib-fixed-font"])
        let swift = """
            import UIKit
            class ProfileViewController: UIViewController {
                @IBOutlet var titleLabel: UILabel!
                override func viewDidLoad() {
                    titleLabel.font = UIFont.preferredFont(forTextStyle: .body)
                    titleLabel.adjustsFontForContentSizeCategory = true
                }
            }
            """
        #expect(try Self.lint(["Main.storyboard": Self.scene(label: label), "P.swift": swift]) == ["Main.storyboard:6:ib-fixed-label-height"])
    }

    @Test("a height constant declared in another file")
    func constantAcrossFiles() throws {
        let metrics = "import SwiftUI\nenum Metrics { static let rowHeight: CGFloat = 22; static let none: CGFloat = 0 }\n"
        let view = "import SwiftUI\nstruct Row: View {\n    var body: some View {\n        Text(\"a\").frame(height: Metrics.rowHeight)\n        Text(\"b\").frame(height: Metrics.none)\n    }\n}\n"
        #expect(try Self.lint(["Metrics.swift": metrics, "Row.swift": view]) == ["Row.swift:4:fixed-text-height"])
        // Without the constant's declaration, nothing says it is fixed.
        #expect(try Self.lint(["Row.swift": view]) == [])
    }

    @Test("a button's fixed height stands when another file gives its title a font that scales")
    func buttonTitleAcrossFiles() throws {
        let view = "import UIKit\nclass BuyView: UIView {\n    let buyButton = UIButton()\n    func layout() {\n        buyButton.heightAnchor.constraint(equalToConstant: 44).isActive = true\n    }\n}\n"
        let scaled = "import UIKit\nextension BuyView {\n    func style() { buyButton.titleLabel?.font = .preferredFont(forTextStyle: .headline) }\n}\n"
        let fixed = "import UIKit\nextension BuyView {\n    func style() { buyButton.titleLabel?.font = .systemFont(ofSize: 17) }\n}\n"
        #expect(try Self.lint(["BuyView.swift": view, "BuyView+Style.swift": scaled]).contains("BuyView.swift:5:fixed-text-height"))
        #expect(try Self.lint(["BuyView.swift": view, "BuyView+Style.swift": fixed]).contains { $0.hasSuffix("fixed-text-height") } == false)
        // No font set in code: UIKit's fixed title font, nothing to clip.
        #expect(try Self.lint(["BuyView.swift": view]) == [])
    }

    @Test("a text style set in code on a property another file makes adjust: an IB outlet with the box checked, a superclass, an extension")
    func adjustedElsewhere() throws {
        let controller = """
            import UIKit
            class ProfileViewController: UIViewController {
                @IBOutlet var titleLabel: UILabel!
                @IBOutlet var header: TagHeaderView!
                override func viewDidLoad() {
                    titleLabel.font = UIFont.preferredFont(forTextStyle: .body)
                    header.titleLabel.font = UIFont.preferredFont(forTextStyle: .title2)
                }
            }
            """
        let adjusting = #"text="Hi" adjustsFontForContentSizeCategory="YES"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>"#
        let findings = ["ProfileViewController.swift:6:text-style-not-adjusting", "ProfileViewController.swift:7:text-style-not-adjusting"]
        #expect(try Self.lint(["ProfileViewController.swift": controller]) == findings)
        // simplenote-ios `d3e2599c`: AccountVerificationViewController.xib checks the box on the outlet's label.
        #expect(try Self.lint(["ProfileViewController.swift": controller, "Profile.storyboard": Self.scene(label: adjusting)]) == [findings[1]])
        // The box unchecked: still a finding (and the storyboard's own).
        #expect(try Self.lint(["ProfileViewController.swift": controller, "Profile.storyboard": Self.scene(label: Self.styleLabel)]).contains(findings[0]))
        // `header.titleLabel`: the outlet of TagHeaderView's own document.
        let header = Self.scene(controller: "TagHeaderView", outlet: "titleLabel", label: adjusting)
        #expect(try Self.lint(["ProfileViewController.swift": controller, "TagHeaderView.xib": header]) == [findings[0]])
        // owncloud/ios-app `0ac09a30`: DriveHeaderCell's labels are its superclass's, which adjusts them in another file.
        let cell = "import UIKit\nclass HeaderCell: ListCell {\n    func configure() {\n        titleLabel.font = UIFont.preferredFont(forTextStyle: .headline)\n    }\n}\n"
        let superclass = "import UIKit\nclass ListCell: UICollectionViewCell {\n    let titleLabel = UILabel()\n    func setUp() { titleLabel.adjustsFontForContentSizeCategory = true }\n}\n"
        #expect(try Self.lint(["HeaderCell.swift": cell]) == ["HeaderCell.swift:4:text-style-not-adjusting"])
        #expect(try Self.lint(["HeaderCell.swift": cell, "ListCell.swift": superclass]) == [])
        let ownExtension = "import UIKit\nextension HeaderCell {\n    func setUp() { titleLabel.adjustsFontForContentSizeCategory = true }\n}\n"
        #expect(try Self.lint(["HeaderCell.swift": cell, "HeaderCell+Setup.swift": ownExtension]) == [])
    }

    @Test("an Interface Builder view given attributed text whose fonts scale shows those fonts, not its file's")
    func attributedTextReplacesFileFont() throws {
        let textView = #"text="Hi"><fontDescription key="fontDescription" type="system" pointSize="14"/>"#
        let scene = Self.scene(controller: "DiagnosticsViewController", outlet: "detailsTextView", label: textView)
        let scaling = "import UIKit\nclass DiagnosticsViewController: UIViewController {\n    override func viewDidLoad() {\n        detailsTextView.attributedText = NSAttributedString(string: s, attributes: [.font: UIFont.preferredFont(forTextStyle: .body)])\n        detailsTextView.adjustsFontForContentSizeCategory = true\n    }\n}\n"
        #expect(try Self.lint(["Diagnostics.storyboard": scene, "DiagnosticsViewController.swift": scaling]) == [])
        // Attributed text without a font keeps the file's.
        let colourOnly = scaling.replacingOccurrences(of: "[.font: UIFont.preferredFont(forTextStyle: .body)]", with: "[.foregroundColor: UIColor.red]")
        #expect(try Self.lint(["Diagnostics.storyboard": scene, "DiagnosticsViewController.swift": colourOnly]) == ["Diagnostics.storyboard:6:ib-fixed-font"])
    }

    /// simplenote-ios `d3e2599c`: `AuthenticationMode.buildHeaderText(email:)` builds the header
    /// with `.font: UIFont.preferredFont(for: .headline, …)`; `SPAuthViewController` gives it to a
    /// label that never adjusts.
    static let headerBuilder = """
        import UIKit
        extension AuthenticationMode {
            func buildHeaderText(email: String) -> NSAttributedString? {
                NSMutableAttributedString(string: email, attributes: [.font: UIFont.preferredFont(forTextStyle: .headline)])
            }
        }
        extension NSAttributedString {
            static var termsOfService: NSAttributedString {
                let output = NSMutableAttributedString(string: "", attributes: [.font: UIFont.preferredFont(forTextStyle: .footnote)])
                return output
            }
            static var plain: NSAttributedString { NSAttributedString(string: "", attributes: [.foregroundColor: UIColor.red]) }
        }
        """

    @Test("attributed text built in another file, holding a text style, is set once on the label it is given to")
    func attributedTextAcrossFiles() throws {
        let controller = """
            import UIKit
            class AuthViewController: UIViewController {
                func refresh() {
                    let headerText = mode.buildHeaderText(email: email)
                    headerLabel.attributedText = headerText
                    termsLabel.attributedText = .termsOfService
                    plainLabel.attributedText = NSAttributedString.plain
                }
            }
            """
        #expect(
            try Self.lint(["AuthenticationMode.swift": Self.headerBuilder, "AuthViewController.swift": controller]) == [
                "AuthViewController.swift:5:text-style-not-adjusting", "AuthViewController.swift:6:text-style-not-adjusting",
            ])
        // The label adjusts: nothing to report.
        let adjusting = controller.replacingOccurrences(
            of: "    func refresh() {", with: "    func setUp() { headerLabel.adjustsFontForContentSizeCategory = true; termsLabel.adjustsFontForContentSizeCategory = true }\n    func refresh() {")
        #expect(try Self.lint(["AuthenticationMode.swift": Self.headerBuilder, "AuthViewController.swift": adjusting]) == [])
        // Without the builder's file, nothing says the text holds a text style.
        #expect(try Self.lint(["AuthViewController.swift": controller]) == [])
        // A private builder is no other file's.
        let privateBuilder = Self.headerBuilder.replacingOccurrences(of: "    func buildHeaderText", with: "    private func buildHeaderText")
            .replacingOccurrences(of: "    static var termsOfService", with: "    fileprivate static var termsOfService")
        #expect(try Self.lint(["AuthenticationMode.swift": privateBuilder, "AuthViewController.swift": controller]) == [])
    }
}
