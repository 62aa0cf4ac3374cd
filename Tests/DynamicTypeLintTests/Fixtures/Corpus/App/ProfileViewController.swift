import UIKit

final class ProfileViewController: UIViewController {
    private let nameLabel = UILabel()
    private let bioLabel = UILabel()
    private let badgeLabel = UILabel()
    private let followButton = UIButton(type: .system)
    private let avatarView = UIImageView()

    override func viewDidLoad() {
        super.viewDidLoad()
        nameLabel.font = UIFont.preferredFont(forTextStyle: .title2)
        nameLabel.adjustsFontForContentSizeCategory = true
        nameLabel.numberOfLines = 1 // expect: single-line-text

        bioLabel.font = UIFont.preferredFont(forTextStyle: .body) // expect: text-style-not-adjusting
        bioLabel.numberOfLines = 0

        badgeLabel.font = .systemFont(ofSize: 11, weight: .bold) // expect: fixed-font-uikit
        badgeLabel.heightAnchor.constraint(equalToConstant: 18).isActive = true // fine: a fixed 11 pt font cannot outgrow 18 pt (the font is the finding)

        let buttonFont = UIFont.systemFont(ofSize: 17, weight: .semibold)
        followButton.titleLabel?.font = UIFontMetrics(forTextStyle: .headline).scaledFont(for: buttonFont)
        followButton.titleLabel?.adjustsFontForContentSizeCategory = true
        // A scaled, adjusting title in a fixed 44 pt button: clipped at the accessibility sizes.
        followButton.heightAnchor.constraint(equalToConstant: 44).isActive = true // expect: fixed-text-height

        avatarView.heightAnchor.constraint(equalToConstant: 64).isActive = true
        nameLabel.heightAnchor.constraint(greaterThanOrEqualToConstant: 24).isActive = true
    }

    func showError(_ text: String) {
        let label = UILabel()
        label.text = text
        label.font = UIFont(name: "Avenir-Heavy", size: 15) // expect: fixed-font-uikit
        view.addSubview(label)
    }
}
