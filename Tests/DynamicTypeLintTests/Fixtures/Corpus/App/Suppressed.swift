import UIKit

final class SplashView: UIView {
    let logoText = UILabel()
    func setUp() {
        // The logo is artwork, drawn at one size on purpose.
        // dyntype:disable:next-line fixed-font-uikit
        logoText.font = UIFont(name: "Brand-Display", size: 40)
        logoText.heightAnchor.constraint(equalToConstant: 48).isActive = true // dyntype:disable:this-line fixed-text-height
    }
}
