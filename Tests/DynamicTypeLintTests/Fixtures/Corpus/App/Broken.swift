import UIKit

final class Broken: UIView {
    let label = UILabel()
    func setUp() {
        label.font = UIFont.systemFont(ofSize: 14) // expect: fixed-font-uikit
        if label.text == nil {
    } // expect: unreadable-file
