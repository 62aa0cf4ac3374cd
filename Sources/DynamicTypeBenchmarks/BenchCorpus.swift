import Foundation

/// Deterministic benchmark text (a fixed linear-congruential word sequence; same bytes every run).
package enum BenchCorpus {
    /// The words the corpus draws from.
    package static let words = """
        the of and to in is that it was for on are as with his they at be this have from or one had by word but \
        not what all were we when your can said there use an each which she do how their if will up other about \
        out many then them these so some her would make like him into time has look two more write go see number \
        no way could people my than first water been call who oil its now find long down day did get come made \
        may part typography readable accessibility dynamic category paragraph hyphenation notepad letterpress \
        exclusion container storage layout shaping ligature kerning office affine waffle
        """.split(separator: " ").map(String.init)

    /// About `bytes` of prose: paragraphs of 20–140 words, capitalised, ending with a full stop.
    package static func make(bytes: Int) -> String {
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        var out = ""
        out.reserveCapacity(bytes + 1024)
        while out.utf8.count < bytes {
            let count = 20 + next() % 120
            var paragraph: [String] = []
            for index in 0..<count {
                var word = words[next() % words.count]
                if index == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
                paragraph.append(word)
            }
            out += paragraph.joined(separator: " ") + ".\n"
        }
        return out
    }

    /// `count` short titles, one per line.
    package static func titles(count: Int) -> String {
        var state: UInt64 = 42
        var lines: [String] = []
        lines.reserveCapacity(count)
        for _ in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let a = words[Int(state >> 33) % words.count], b = words[Int(state >> 17) % words.count]
            lines.append("\(a.prefix(1).uppercased())\(a.dropFirst()) \(b) \(Int(state >> 50) % 100)")
        }
        return lines.joined(separator: "\n")
    }
}

/// The median of a non-empty list.
package func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Seconds as milliseconds text.
package func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
