import SwiftUI

struct Article {
    var title: String
    var summary: String
}

/// The texts of a settings screen, each from another place: SwiftGen accessors, Foundation's
/// localization calls, a `.strings` file, a model property and an interpolation.
struct SettingsScreen: View {
    let article: Article
    let user: User

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(L10n.Settings.title)
            Text(L10n.Settings.footer)
            Text(L10n.itemsCount(3))
            Text(NSLocalizedString("sync.status", value: "Synced", comment: "status"))
            Text(String(localized: "signout"))
            Text(article.title)
            Text(user.email)
            Text("Signed in as \(user.name)")
        }
        .padding()
    }
}

/// A row whose title comes from the model: it truncates on sample text.
struct ArticleRow: View {
    let article: Article

    var body: some View {
        HStack {
            KFImage(URL(string: "https://example.com/a.png")).resizable().frame(width: 24, height: 24)
            Text(article.title).lineLimit(1)
        }
        .frame(width: 160)
    }
}
