import SwiftUI

/// Fixture: a screen made of the other fixtures' views: expected to inherit their findings.
struct AccountScreen: View {
    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                Text("Account").font(.largeTitle.bold())
                SettingsRow()
                PriceTag()
                ContactActions()
                CheckoutButton()
            }
            .padding()
        }
    }
}

struct AccountScreen_Previews: PreviewProvider {
    static var previews: some View {
        AccountScreen()
    }
}
