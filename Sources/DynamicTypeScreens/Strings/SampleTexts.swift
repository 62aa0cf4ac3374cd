/// Sample text for text a reader cannot settle from source (`Text(item.title)`,
/// `Text(user.email)`), chosen by what the expression's name says it holds, so a title is
/// measured as a title and an e-mail address as one, not every unknown text as the same short
/// name. The words of the expression's last name (`viewModel.user.displayName` → `display`,
/// `name`) are matched against the table, last word first, then the others:
///
/// | Holds | Words | Sample |
/// |---|---|---|
/// | e-mail address | email, mail | `alexandra.schneider@example.com` |
/// | web address | url, link, website, href, domain | `https://www.example.com/articles/dynamic-type` |
/// | phone number | phone, tel, telephone, mobile | `+1 (555) 014-2026` |
/// | price | price, cost, amount, balance, fee, total, subtotal | `$1,234.56` |
/// | date or time | date, time, day, created, updated, timestamp, deadline, due, birthday | `Wed, 27 Nov 2026, 10:45` |
/// | duration | duration, elapsed, remaining, eta | `1 h 25 min` |
/// | count | count, number, quantity, likes, followers, views, comments, votes, stars, badge, unread | `1,234` |
/// | percentage | percent, percentage, progress, ratio | `87 %` |
/// | distance | distance, length, height, weight | `12.4 km` |
/// | person's name | name, username, author, user, owner, nickname, handle, sender, recipient, contact, artist, host | `Alexandra Schneider` |
/// | title | title, headline, heading, subject, caption, label, header | `Weekend hiking trip to the Dolomites` |
/// | subtitle | subtitle, subheadline, tagline | `Three days, two huts and one long ridge walk` |
/// | longer text | description, body, text, content, message, summary, details, bio, comment, note, review, excerpt, snippet, about, info | two sentences (``paragraph``) |
/// | place | address, street, location, city, place, venue, country, region | `1234 Market Street, San Francisco` |
/// | status | status, state, category, tag, type, kind, role | `In progress` |
/// | identifier | id, identifier, code, sku, reference, number in an id | `A1B2-C3D4` |
/// | version | version, build | `2.14.1` |
/// | anything else | | `Alexandra` (``PlaceholderSamples/name``) |
///
/// Samples are deliberately longer than average for their kind: a layout that fits them fits
/// most real values. A team replaces them per expression, property or type with `--samples`.
package enum SampleTexts {
    /// What a sample stands for and the text drawn.
    package struct Sample: Hashable, Sendable {
        /// What kind of value the name suggests (`a title`), for messages.
        package var holds: String
        /// The text drawn.
        package var text: String
    }

    /// Two ordinary sentences, for descriptions and messages.
    package static let paragraph =
        "We will send you a notification when the courier is nearby. If nobody is at home, the parcel goes to the collection point around the corner."

    /// The table, in match order (a word in several rows takes the first).
    static let rows: [(words: Set<String>, sample: Sample)] = [
        (["email", "mail"], Sample(holds: "an e-mail address", text: "alexandra.schneider@example.com")),
        (["url", "link", "website", "href", "domain"], Sample(holds: "a web address", text: "https://www.example.com/articles/dynamic-type")),
        (["phone", "tel", "telephone", "mobile"], Sample(holds: "a phone number", text: "+1 (555) 014-2026")),
        (["price", "cost", "amount", "balance", "fee", "total", "subtotal"], Sample(holds: "a price", text: "$1,234.56")),
        (
            ["date", "time", "day", "created", "updated", "timestamp", "deadline", "due", "birthday", "published", "modified"],
            Sample(holds: "a date", text: "Wed, 27 Nov 2026, 10:45")
        ),
        (["duration", "elapsed", "remaining", "eta"], Sample(holds: "a duration", text: "1 h 25 min")),
        (
            ["count", "number", "quantity", "likes", "followers", "following", "views", "comments", "votes", "stars", "badge", "unread", "score"],
            Sample(holds: "a count", text: "1,234")
        ),
        (["percent", "percentage", "progress", "ratio"], Sample(holds: "a percentage", text: "87 %")),
        (["distance", "length", "height", "weight"], Sample(holds: "a measurement", text: "12.4 km")),
        (
            ["name", "username", "author", "user", "owner", "nickname", "handle", "sender", "recipient", "contact", "artist", "host"],
            Sample(holds: "a name", text: "Alexandra Schneider")
        ),
        (["title", "headline", "heading", "subject", "caption", "label", "header"], Sample(holds: "a title", text: "Weekend hiking trip to the Dolomites")),
        (["subtitle", "subheadline", "tagline"], Sample(holds: "a subtitle", text: "Three days, two huts and one long ridge walk")),
        (
            [
                "description", "body", "text", "content", "message", "summary", "details", "bio", "comment", "note", "review", "excerpt",
                "snippet", "about", "info",
            ],
            Sample(holds: "a longer text", text: paragraph)
        ),
        (["address", "street", "location", "city", "place", "venue", "country", "region"], Sample(holds: "a place", text: "1234 Market Street, San Francisco")),
        (["status", "state", "category", "tag", "type", "kind", "role"], Sample(holds: "a status", text: "In progress")),
        (["id", "identifier", "code", "sku", "reference"], Sample(holds: "an identifier", text: "A1B2-C3D4")),
        (["version", "build"], Sample(holds: "a version", text: "2.14.1")),
    ]

    /// The sample for text the reader cannot settle: ``PlaceholderSamples/name``.
    package static let unknown = Sample(holds: "unknown text", text: PlaceholderSamples.name)

    /// The sample for the expression `expression` (`item.title`, `user.email`, `title`).
    package static func sample(for expression: String) -> Sample {
        let words = self.words(of: lastName(of: expression))
        // The last word says most (`createdDate` is a date, `dateLabel` a title).
        for word in words.reversed() {
            if let row = rows.first(where: { $0.words.contains(word) }) { return row.sample }
        }
        return unknown
    }

    /// Whether the expression's name says it holds a number (for the placeholder an
    /// interpolation gets: `%lld`, as Xcode's key for `"\(count) items"` has).
    package static func isCount(_ expression: String) -> Bool { sample(for: expression).holds == "a count" }

    /// The last name of a member chain, without calls, optionals or subscripts:
    /// `viewModel.user?.displayName` → `displayName`, `items.count` → `count`.
    package static func lastName(of expression: String) -> String {
        var name = ""
        for character in expression.reversed() {
            if character.isLetter || character.isNumber || character == "_" {
                name.append(character)
            } else if !name.isEmpty {
                break
            }
        }
        return String(name.reversed())
    }

    /// The lower-case words of an identifier: `displayName` → `display`, `name`;
    /// `user_email` → `user`, `email`; `URLString` → `url`, `string`.
    static func words(of identifier: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(identifier)
        for (index, character) in characters.enumerated() {
            if character == "_" || character.isNumber {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                continue
            }
            let startsWord =
                character.isUppercase && !current.isEmpty
                && (!(current.last?.isUppercase ?? false) || (index + 1 < characters.count && characters[index + 1].isLowercase))
            if startsWord {
                words.append(current.lowercased())
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}
