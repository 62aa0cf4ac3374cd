import SwiftUI

struct Row: View {
    var body: some View {
        Text("A").font(theme.fonts.body).foregroundStyle(theme.colors.accent)
    }
}

---tokens---
fonts:
  theme.fonts.body: { style: title2, weight: bold }
colors:
  theme.colors.accent: "#0A84FF"
