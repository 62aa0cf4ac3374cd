import UIKit

final class CardCell: UITableViewCell {
    let titleLabel = UILabel()
    let bodyLabel = UILabel()
    let priceTag = PaddedLabel()
    let timeLabel = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        titleLabel.font = UIFontMetrics(forTextStyle: .headline).scaledFont(for: FontCatalog.cardTitle)
        bodyLabel.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: FontCatalog.cardBody)
        [titleLabel, bodyLabel].forEach { $0.adjustsFontForContentSizeCategory = true }
        priceTag.font = FontCatalog.monospaced(size: 14)
        NSLayoutConstraint.activate([
            priceTag.heightAnchor.constraint(equalToConstant: 28), // expect: fixed-text-height
            titleLabel.heightAnchor.constraint(greaterThanOrEqualToConstant: 22),
        ])
        addConstraint(NSLayoutConstraint(item: timeLabel, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 16)) // fine: timeLabel's font is a fixed 12 pt (next line)
        timeLabel.font = timeLabel.font.withSize(12) // expect: fixed-font-uikit
        timeLabel.snp.makeConstraints { make in
            make.height.equalTo(16) // fine for the same reason (and SnapKit is not read)
        }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class PaddedLabel: UILabel {}
