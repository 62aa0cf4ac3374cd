import Foundation

/// A JUnit XML report (`testsuites/testsuite/testcase/failure`), the format CI systems (GitHub
/// Actions reporters, GitLab's `artifacts:reports:junit`, Jenkins) read to annotate results.
package struct JUnitReport: Sendable {
    /// One test case; failed when `failure` is set.
    package struct TestCase: Sendable {
        package var classname: String
        package var name: String
        /// The failure's one-line summary and its details, nil when the case passed.
        package var failure: (message: String, details: String)?

        package init(classname: String, name: String, failure: (message: String, details: String)? = nil) {
            self.classname = classname
            self.name = name
            self.failure = failure
        }
    }

    /// The suite's name (`dyntype snapshot verify`).
    package var name: String
    package var cases: [TestCase]
    package var seconds: Double

    package init(name: String, cases: [TestCase], seconds: Double = 0) {
        self.name = name
        self.cases = cases
        self.seconds = seconds
    }

    /// The XML document.
    package var xml: String {
        let failures = cases.filter { $0.failure != nil }.count
        let time = String(format: "%.3f", seconds)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(Self.escape(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(time)\">\n"
        out += "  <testsuite name=\"\(Self.escape(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(time)\">\n"
        for test in cases {
            let head = "    <testcase classname=\"\(Self.escape(test.classname))\" name=\"\(Self.escape(test.name))\" time=\"0\""
            if let failure = test.failure {
                out += head + ">\n"
                out += "      <failure message=\"\(Self.escape(failure.message))\" type=\"failure\">\(Self.escape(failure.details))</failure>\n"
                out += "    </testcase>\n"
            } else {
                out += head + "/>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Text as XML character data or an attribute value: the five entities, and control
    /// characters XML 1.0 forbids (a note may hold any) replaced by U+FFFD.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t", "\r": out += "&#\(scalar.value);"
            default:
                let allowed = scalar.value >= 0x20 && !(0xFFFE...0xFFFF).contains(scalar.value)
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
