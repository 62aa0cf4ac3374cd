import SwiftUI

/// Fixture (issue 33): a navigation link in a list whose label is a row of an icon, a name, a
/// spacer and a relation. The link adds its own spacer and chevron around the label; nothing
/// truncates until the label's views, the two spacers' minimum lengths and the chevron no longer
/// fit in the row (SpacerRowTests computes where).
struct ContactLink: View {
    var body: some View {
        List {
            NavigationLink {
                Text("Details")
            } label: {
                HStack {
                    Image(systemName: "person.circle")
                    Text("Alexandra")
                    Spacer()
                    Text("Friend")
                }
            }
        }
    }
}
