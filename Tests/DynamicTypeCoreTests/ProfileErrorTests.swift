import Foundation
import Testing

@testable import DynamicTypeCore

/// Bad profile input gets a message naming the file and the field, never a crash.
@Suite("Profile errors")
struct ProfileErrorTests {
    static func minimal(sizes: String = "[14, 17]", leadings: String = "[19, 22]", extra: String = "") -> String {
        """
        {"schemaVersion": 1, "name": "mini", "platform": "ios", "defaultSize": 17, "minimumSize": 11,
         "categories": [{"category": "xSmall"}, {"category": "large"}], \(extra)
         "styles": [{"style": "body", "weight": "regular", "emphasizedWeight": "semibold",
                     "sizes": \(sizes), "leadings": \(leadings)}]}
        """
    }

    func load(_ json: String) throws(ProfileError) -> TypeRampProfile {
        try TypeRampProfile(jsonData: Data(json.utf8), origin: "mini.json")
    }

    @Test("a minimal valid profile loads")
    func valid() throws {
        let profile = try load(Self.minimal())
        #expect(try profile.metrics(for: .body, category: .large).size == 17)
        #expect(throws: ProfileError.self) { try profile.metrics(for: .body, category: .medium) }
    }

    @Test("malformed JSON names the file")
    func malformed() {
        #expect {
            try load("{\"schemaVersion\": 1,, }")
        } throws: { error in
            guard case ProfileError.malformedJSON(let file, _) = error else { return false }
            return file == "mini.json"
        }
    }

    @Test("a missing cell names the style, category and field path")
    func missingCell() {
        #expect {
            try load(Self.minimal(sizes: "[14, null]"))
        } throws: { error in
            (error as? ProfileError) == .missingCell(file: "mini.json", style: "body", category: "large", path: "styles[0].sizes[1]")
        }
        #expect {
            try load(Self.minimal(sizes: "[14]"))
        } throws: { error in
            guard case ProfileError.invalidField(_, let path, let problem) = error else { return false }
            return path == "styles[0].sizes" && problem.contains("has 1 values")
        }
    }

    @Test("wrong types and unknown names give the field path")
    func wrongTypes() {
        #expect {
            try load(Self.minimal(sizes: "[14, \"big\"]"))
        } throws: { error in
            guard case ProfileError.invalidField(_, let path, _) = error else { return false }
            return path == "styles[0].sizes[1]"
        }
        #expect {
            try load(Self.minimal().replacingOccurrences(of: "\"regular\"", with: "\"chunky\""))
        } throws: { error in
            guard case ProfileError.invalidField(_, let path, let problem) = error else { return false }
            return path == "styles[0].weight" && problem.contains("semibold")
        }
        #expect {
            try load(Self.minimal().replacingOccurrences(of: "\"large\"}", with: "\"larg\"}"))
        } throws: { error in
            guard case ProfileError.invalidField(_, let path, let problem) = error else { return false }
            return path == "categories[1].category" && problem.contains("did you mean 'large'")
        }
        #expect {
            try load(Self.minimal().replacingOccurrences(of: "\"schemaVersion\": 1,", with: ""))
        } throws: { error in
            (error as? ProfileError) == .invalidField(file: "mini.json", path: "schemaVersion", problem: "is missing")
        }
    }

    @Test("values out of range name the real field and the allowed range; no styles is an error at load")
    func rangesAndEmptyStyles() {
        #expect {
            try load(Self.minimal(leadings: "[0, 0]"))
        } throws: { error in
            guard case ProfileError.invalidField(let file, let path, let problem) = error else { return false }
            return file == "mini.json" && path == "styles[0].leadings[0]" && problem.contains("allowed range 1…1000 pt")
        }
        #expect {
            try load(Self.minimal(sizes: "[14, 1e9]"))
        } throws: { error in
            guard case ProfileError.invalidField(_, let path, let problem) = error else { return false }
            return path == "styles[0].sizes[1]" && problem.hasPrefix("1000000000 pt is outside the allowed range 1…1000 pt")
        }
        #expect {
            try load(
                Self.minimal().replacingOccurrences(
                    of: "\"sizes\": [14, 17], \"leadings\": [19, 22]", with: "\"size\": 13, \"leading\": -1"))
        } throws: { error in
            guard case ProfileError.invalidField(_, let path, _) = error else { return false }
            return path == "styles[0].leading"
        }
        let noStyles = """
            {"schemaVersion": 1, "name": "mini", "platform": "ios", "defaultSize": 17, "minimumSize": 11,
             "categories": [{"category": "large"}], "styles": []}
            """
        #expect {
            try load(noStyles)
        } throws: { error in
            (error as? ProfileError)
                == .invalidField(file: "mini.json", path: "styles", problem: "must list at least one text style (body at least)")
        }
    }

    @Test("a profile path that is a directory, a FIFO or too large is refused with the reason")
    func unusualFiles() throws {
        #expect {
            try TypeRampProfile.named("/tmp/")
        } throws: { error in
            guard case ProfileError.fileMissing(_, let reason) = error else { return false }
            return reason == "it is a directory"
        }
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID().uuidString).json")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        #expect {
            try TypeRampProfile.named(fifo.path)
        } throws: { error in
            guard case ProfileError.fileMissing(_, let reason) = error else { return false }
            return reason == "it is not a regular file but a FIFO"
        }
    }

    @Test("a missing file and an unknown bundled name are reported as such")
    func missingFile() {
        #expect {
            try TypeRampProfile.named("/nonexistent/profile.json")
        } throws: { error in
            guard case ProfileError.fileMissing(let path, let reason) = error else { return false }
            return path == "/nonexistent/profile.json" && reason == "no such file"
        }
        #expect {
            try TypeRampProfile.named("iso")
        } throws: { error in
            guard case ProfileError.unknownProfile(let name, let bundled) = error else { return false }
            return name == "iso" && bundled.contains("ios")
        }
    }

    @Test("the bundled family map and devices load and say what they stand in for")
    func bundledData() throws {
        let map = FontFamilyMap.bundled
        #expect(map.candidates(for: "system", size: 17) == ["Inter", "DejaVu Sans"])
        #expect(map.candidates(for: "system", size: 20).first == "Inter Display")
        #expect(map.candidates(for: "zapfino", size: 17).first == "Z003")
        #expect(map.candidates(for: "Some Family", size: 17) == ["Some Family"])
        #expect(map.fallbackFamilies(for: "cjk").first == "WenQuanYi Micro Hei")
        #expect(map.package(for: "Inter") == "fonts-inter")
        let devices = DeviceCatalog.bundled
        #expect(devices.device(named: "iphone-se")?.width == 320)
        #expect(devices.device(named: "iPhone 15")?.width == 393)
        #expect(devices.device(named: "iphone-15-pro-max")?.width == 430)
        #expect(devices.device(named: "ipad")?.width == 820)
    }
}
