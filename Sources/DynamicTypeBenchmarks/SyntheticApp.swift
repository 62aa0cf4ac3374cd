import Foundation

/// A generated iOS app for `dyntype bench lint`: view controllers (UIKit, 60 %), SwiftUI views
/// (30 %) and `.xib` files (10 %), about 120 lines a Swift file, in feature folders of 25 files. Most
/// code is fine; some of it has each mistake the lint rules find, as real apps do (a fixed font here,
/// a fixed row height there), so every rule does its full work. Deterministic: file `i` is always the
/// same text.
package enum SyntheticApp {
    /// Writes `count` files under `folder` (created); returns the Swift and IB file counts.
    @discardableResult
    package static func write(files count: Int, to folder: URL) throws -> (swift: Int, interfaceBuilder: Int) {
        var swift = 0
        for index in 0..<count {
            let feature = folder.appendingPathComponent("Feature\(index / 25)")
            if index % 25 == 0 { try FileManager.default.createDirectory(at: feature, withIntermediateDirectories: true) }
            let (name, text) = file(index)
            try Data(text.utf8).write(to: feature.appendingPathComponent(name))
            if name.hasSuffix(".swift") { swift += 1 }
        }
        return (swift, count - swift)
    }

    /// File `index`'s name and text.
    package static func file(_ index: Int) -> (String, String) {
        switch index % 10 {
        case 9: ("Cell\(index).xib", xib(index))
        case 6, 7, 8: ("Screen\(index)View.swift", swiftUI(index))
        default: ("Screen\(index)ViewController.swift", uikit(index))
        }
    }

    private static func uikit(_ index: Int) -> String {
        let fixed = index % 3 == 0
        let titleFont = fixed ? "UIFont.systemFont(ofSize: 17, weight: .semibold)" : "UIFont.preferredFont(forTextStyle: .headline)"
        var methods = ""
        for method in 0..<6 {
            methods += """

                    private func configureSection\(method)(_ items: [String]) {
                        let stack = UIStackView()
                        stack.axis = .vertical
                        stack.spacing = \(8 + method)
                        for (position, item) in items.enumerated() where position < \(3 + method) {
                            let row = UILabel()
                            row.text = item.isEmpty ? "Item \\(position)" : item
                            row.font = UIFont.preferredFont(forTextStyle: .body)
                            row.adjustsFontForContentSizeCategory = true
                            row.numberOfLines = 0
                            stack.addArrangedSubview(row)
                        }
                        view.addSubview(stack)
                    }

                """
        }
        return """
            import UIKit

            /// Screen \(index): a generated view controller for the lint benchmark.
            final class Screen\(index)ViewController: UIViewController {
                private let titleLabel = UILabel()
                private let detailLabel = UILabel()
                private let actionButton = UIButton(type: .system)
                private var items: [String] = (0..<\(index % 17 + 3)).map { "Row \\($0)" }

                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = "Screen \(index)"
                    titleLabel.font = \(titleFont)
                    titleLabel.adjustsFontForContentSizeCategory = true
                    titleLabel.numberOfLines = \(index % 4 == 0 ? 1 : 0)
                    detailLabel.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont(name: "Avenir-Book", size: 15) ?? .systemFont(ofSize: 15))
                    detailLabel.adjustsFontForContentSizeCategory = true
                    actionButton.setTitle("Continue", for: .normal)
                    actionButton.heightAnchor.constraint(equalToConstant: 44).isActive = true
                    detailLabel.heightAnchor.constraint(\(index % 5 == 0 ? "equalToConstant" : "greaterThanOrEqualToConstant"): 21).isActive = true
                    configureSection0(items)
                    configureSection3(items.reversed())
                }
            \(methods)
                @objc private func didTapAction(_ sender: UIButton) {
                    let alert = UIAlertController(title: "Screen \(index)", message: items.joined(separator: ", "), preferredStyle: .alert)
                    alert.addAction(UIAlertAction(title: "OK", style: .default))
                    present(alert, animated: true)
                }
            }

            """
    }

    private static func swiftUI(_ index: Int) -> String {
        var rows = ""
        for row in 0..<8 {
            rows += """
                            HStack {
                                Image(systemName: "star").font(.system(size: iconSize))
                                Text(model.rows[\(row) % model.rows.count]).font(.body)
                                Spacer()
                                Text("\\(\(row * 3 + index))").font(.caption.monospacedDigit())\(row == 2 && index % 2 == 0 ? ".lineLimit(1)" : "")
                            }
                            .padding(.vertical, 4)

                """
        }
        return """
            import SwiftUI

            /// Screen \(index): a generated SwiftUI view for the lint benchmark.
            struct Screen\(index)View: View {
                @ScaledMetric(relativeTo: .body) private var iconSize: CGFloat = 20
                let model: Model

                struct Model {
                    var title: String
                    var rows: [String]
                }

                var body: some View {
                    ScrollView {
                        VStack(alignment: .leading, spacing: 12) {
                            Text(model.title)
                                .font(\(index % 4 == 0 ? ".system(size: 28, weight: .bold)" : ".largeTitle.bold()"))
            \(rows)
                            Text("Footer \(index)")
                                .font(.footnote)
                                .frame(\(index % 5 == 1 ? "height" : "minHeight"): 32)
                        }
                        .padding()
                    }
                    .dynamicTypeSize(\(index % 7 == 0 ? "...DynamicTypeSize.xxLarge" : "...DynamicTypeSize.accessibility3"))
                }
            }

            #Preview {
                Screen\(index)View(model: .init(title: "Preview", rows: ["a", "b"])).environment(\\.dynamicTypeSize, .xSmall)
            }

            """
    }

    private static func xib(_ index: Int) -> String {
        var labels = ""
        for label in 0..<4 {
            let font = label == 0 && index % 3 == 0
                ? "<fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"17\"/>"
                : "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleBody\"/>"
            let height = label == 1 && index % 2 == 1 ? "<constraint firstAttribute=\"height\" constant=\"21\" id=\"h\(index)-\(label)\"/>" : ""
            labels += """
                                    <label opaque="NO" text="Label \(label)" numberOfLines="0" adjustsFontForContentSizeCategory="YES" translatesAutoresizingMaskIntoConstraints="NO" id="l\(index)-\(label)">
                                        <rect key="frame" x="16" y="\(8 + label * 28)" width="288" height="21"/>
                                        <constraints>
                                            <constraint firstAttribute="width" relation="greaterThanOrEqual" constant="40" id="w\(index)-\(label)"/>\(height)
                                        </constraints>
                                        \(font)
                                        <nil key="textColor"/>
                                    </label>

                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <tableViewCell contentMode="scaleToFill" id="cell-\(index)" customClass="Cell\(index)">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="120"/>
                        <tableViewCellContentView key="contentView" opaque="NO" id="content-\(index)">
                            <subviews>
            \(labels)
                            </subviews>
                        </tableViewCellContentView>
                    </tableViewCell>
                </objects>
            </document>

            """
    }
}
