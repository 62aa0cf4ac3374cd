import UIKit

final class OnboardingView: UIView {
    let explanationLabel: UILabel = {
        let label = UILabel()
        label.numberOfLines = 0
        label.font = UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 13, weight: .regular))
        return label
    }()

    let hintLabel: UILabel = {
        let label = UILabel()
        label.font = UIFontMetrics(forTextStyle: .caption1).scaledFont(for: .systemFont(ofSize: 12)) // expect: text-style-not-adjusting
        return label
    }()

    let continueButton: UIButton = {
        var configuration = UIButton.Configuration.filled()
        configuration.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { incoming in
            var outgoing = incoming
            outgoing.font = UIFontMetrics(forTextStyle: .headline).scaledFont(for: .boldSystemFont(ofSize: 17))
            return outgoing
        }
        return UIButton(configuration: configuration)
    }()

    override init(frame: CGRect) {
        super.init(frame: frame)
        explanationLabel.adjustsFontForContentSizeCategory = true
        let body = LabelFactory.makeBodyLabel()
        body.adjustsFontForContentSizeCategory = true
        addSubview(body)
    }

    required init?(coder: NSCoder) { fatalError() }
}
