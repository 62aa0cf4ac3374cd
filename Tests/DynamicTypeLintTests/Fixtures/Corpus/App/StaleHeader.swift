import UIKit

final class StaleHeader: UIView {
    let title = UILabel()
    let subtitle = UILabel()

    func configure() {
        title.font = .preferredFont(forTextStyle: .headline)
        subtitle.font = UIFont.preferredFont(forTextStyle: .subheadline)
        subtitle.numberOfLines = 1
        subtitle.adjustsFontSizeToFitWidth = true
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        configure()
    }
}

final class Banner: UIView {
    let message = UILabel()
    let detail = UILabel()

    func setUp() {
        message.font = .preferredFont(forTextStyle: .callout) // expect: text-style-not-adjusting
        for label in [detail] {
            label.adjustsFontForContentSizeCategory = true
        }
        detail.font = .preferredFont(forTextStyle: .footnote)
        detail.maximumContentSizeCategory = .extraExtraExtraLarge // expect: dynamic-type-cap
        message.maximumContentSizeCategory = .accessibilityLarge
    }
}

enum LabelFactory {
    // Adjusting is switched on by the caller (OnboardingView): a returned local is not judged.
    static func makeBodyLabel() -> UILabel {
        let label = UILabel()
        label.font = .preferredFont(forTextStyle: .body)
        return label
    }
}
