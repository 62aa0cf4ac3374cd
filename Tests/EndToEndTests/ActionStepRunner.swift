import Foundation
import Testing
import Yams

/// Runs action.yml's steps the way a GitHub runner runs a composite Action's steps, for the tests: the
/// YAML parsed (Yams), each `run:` script written to a file and run with `bash --noprofile --norc -eo
/// pipefail` (GitHub's `shell: bash`), in `working-directory`, with the step's `env:` and the runner's
/// variables (`GITHUB_OUTPUT` a fresh file per step, `GITHUB_STEP_SUMMARY`, `GITHUB_WORKSPACE`,
/// `GITHUB_ACTION_PATH`, `RUNNER_TEMP`, `RUNNER_OS`…). `${{ … }}` is evaluated for what action.yml
/// uses — `inputs.*` (declared defaults unless given), `steps.<id>.outputs.*`, `github.*` values the test
/// gives, `a || b`, and `if:` with `always()`, `==`, `!=` and `&&` — and anything else is an error, so a
/// new kind of expression in action.yml fails the tests instead of being read wrongly.
///
/// `uses:` steps (actions/cache, upload-sarif, upload-artifact) are not run: they are other
/// repositories' JavaScript, which needs the runner's services; each is reported as skipped with its
/// `if:` evaluated, so a test sees whether it would have run and with which `with:` values.
struct ActionStepRunner {
    /// What happened to one step.
    struct Step {
        var id: String?
        var name: String
        /// Why it did not run (`uses:` or its `if:`), or nil when its script ran.
        var skipped: String?
        var status: Int32 = 0
        var stdout = ""
        var stderr = ""
        /// Its `GITHUB_OUTPUT` lines (`key=value`).
        var outputs: [String: String] = [:]
        /// For a `uses:` step: its `with:` values, evaluated.
        var with: [String: String] = [:]
        /// For a `run:` step: the `env:` it ran with, evaluated.
        var env: [String: String] = [:]
    }

    /// An expression this runner does not evaluate, or action.yml laid out otherwise than expected.
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    let action: [String: Any]
    let actionPath: URL
    /// The runner's folders: the workspace (the repository checked out), RUNNER_TEMP, and the files
    /// GITHUB_OUTPUT / GITHUB_STEP_SUMMARY point at.
    let workspace: URL
    let temp: URL
    let summary: URL
    var inputs: [String: String] = [:]
    /// `github.*` values (`github.event.pull_request.head.repo.fork`); absent ones are empty, as on a push.
    var github: [String: String] = [:]
    /// The workflow's own `env:` (seen by every step, under the steps' own).
    var workflowEnv: [String: String] = [:]

    /// Reads `action.yml` in `actionPath`; the runner's folders are made inside `folder`.
    init(actionPath: URL, workspace: URL, folder: URL) throws {
        let text = try String(contentsOf: actionPath.appendingPathComponent("action.yml"), encoding: .utf8)
        guard let action = try Yams.load(yaml: text) as? [String: Any] else { throw Unsupported(description: "action.yml is not a mapping") }
        self.action = action
        self.actionPath = actionPath
        self.workspace = workspace
        temp = folder.appendingPathComponent("runner-temp")
        summary = folder.appendingPathComponent("step-summary.md")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        try Data().write(to: summary)
    }

    /// The value of each declared input: the given one, else its default.
    var effectiveInputs: [String: String] {
        let declared = (action["inputs"] as? [String: Any]) ?? [:]
        var values: [String: String] = [:]
        for (name, spec) in declared {
            values[name] = inputs[name] ?? (((spec as? [String: Any])?["default"]).map { "\($0)" } ?? "")
        }
        return values
    }

    /// Runs the steps in order, through the step with id `lastID` (nil: all of them).
    func run(through lastID: String? = nil) throws -> [Step] {
        guard let runs = action["runs"] as? [String: Any], runs["using"] as? String == "composite",
            let steps = runs["steps"] as? [[String: Any]]
        else { throw Unsupported(description: "action.yml is not a composite Action with steps") }
        var done: [Step] = []
        var failed = false
        for spec in steps {
            var step = Step(id: spec["id"] as? String, name: (spec["name"] as? String) ?? (spec["uses"] as? String) ?? "step")
            let condition = (spec["if"] as? String) ?? "success()"
            let runs = try evaluateCondition(condition, steps: done, failed: failed)
            if let uses = spec["uses"] as? String {
                step.skipped = "uses: \(uses) (not run here; its if: is \(runs))"
                for (key, value) in (spec["with"] as? [String: Any]) ?? [:] { step.with[key] = try substitute("\(value)", steps: done) }
                if !runs { step.skipped = "if: \(condition) is false" }
            } else if !runs {
                step.skipped = "if: \(condition) is false"
            } else {
                guard let script = spec["run"] as? String, spec["shell"] as? String == "bash" else {
                    throw Unsupported(description: "step \(step.name): only `shell: bash` run steps are supported")
                }
                try execute(script, spec: spec, into: &step, steps: done)
                if step.status != 0 { failed = true }
            }
            done.append(step)
            if let lastID, step.id == lastID { break }
        }
        return done
    }

    /// Runs one step's script with the runner's variables, recording its status, output and outputs.
    private func execute(_ script: String, spec: [String: Any], into step: inout Step, steps: [Step]) throws {
        let index = steps.count
        let file = temp.deletingLastPathComponent().appendingPathComponent("step-\(index).sh")
        let output = temp.deletingLastPathComponent().appendingPathComponent("step-\(index).output")
        try script.write(to: file, atomically: true, encoding: .utf8)
        try Data().write(to: output)
        for (key, value) in (spec["env"] as? [String: Any]) ?? [:] { step.env[key] = try substitute("\(value)", steps: steps) }
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GITHUB_") && !$0.key.hasPrefix("RUNNER_") }
        environment.merge(workflowEnv) { $1 }
        environment.merge([
            "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_ACTION_PATH": actionPath.path, "GITHUB_WORKSPACE": workspace.path,
            "GITHUB_OUTPUT": output.path, "GITHUB_STEP_SUMMARY": summary.path, "GITHUB_SERVER_URL": "https://github.com",
            "GITHUB_REPOSITORY": "example/app", "RUNNER_TEMP": temp.path, "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64", "NO_COLOR": "1",
        ]) { $1 }
        environment.merge(step.env) { $1 }
        var directory = workspace
        if let folder = spec["working-directory"] as? String {
            directory = workspace.appendingPathComponent(try substitute(folder, steps: steps)).standardizedFileURL
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--noprofile", "--norc", "-eo", "pipefail", file.path]
        process.environment = environment
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = LockedData(), errData = LockedData()
        let group = DispatchGroup()
        for (pipe, sink) in [(out, outData), (err, errData)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(DyntypeRunner.readToEnd(pipe.fileHandleForReading))
                group.leave()
            }
        }
        if group.wait(timeout: .now() + 600) == .timedOut {
            process.terminate()
            Issue.record("step \(step.name) did not finish within 600 s")
        }
        process.waitUntilExit()
        step.status = process.terminationStatus
        step.stdout = String(decoding: outData.get(), as: UTF8.self)
        step.stderr = String(decoding: errData.get(), as: UTF8.self)
        for line in try String(contentsOf: output, encoding: .utf8).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "="), !line.contains("<<") else {
                throw Unsupported(description: "step \(step.name) wrote a GITHUB_OUTPUT line this runner does not read: \(line)")
            }
            step.outputs[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
    }

    /// `text` with each `${{ expression }}` replaced by its value.
    func substitute(_ text: String, steps: [Step]) throws -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { throw Unsupported(description: "unclosed ${{ in \(text)") }
            result += rest[..<open.lowerBound]
            result += try value(of: rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces), steps: steps)
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// An expression's value: a context path, a quoted string, or `a || b` (the first non-empty).
    func value(of expression: String, steps: [Step]) throws -> String {
        let alternatives = expression.components(separatedBy: "||").map { $0.trimmingCharacters(in: .whitespaces) }
        if alternatives.count > 1 {
            for alternative in alternatives {
                let value = try value(of: alternative, steps: steps)
                if !value.isEmpty { return value }
            }
            return ""
        }
        if expression == "''" { return "" }
        let parts = expression.split(separator: ".").map(String.init)
        switch parts.first {
        case "inputs" where parts.count == 2:
            guard let value = effectiveInputs[parts[1]] else { throw Unsupported(description: "undeclared input \(expression)") }
            return value
        case "steps" where parts.count == 4 && parts[2] == "outputs":
            return steps.first { $0.id == parts[1] }?.outputs[parts[3]] ?? ""
        case "github":
            return github[parts.dropFirst().joined(separator: ".")] ?? ""
        default:
            throw Unsupported(description: "expression ${{ \(expression) }} is not one this runner evaluates")
        }
    }

    /// An `if:` condition: `always()`, `success()`, `a == b`, `a != b`, joined by `&&`. Without
    /// `always()`, a step runs only while no step has failed (GitHub's implicit `success()`).
    func evaluateCondition(_ condition: String, steps: [Step], failed: Bool) throws -> Bool {
        var text = condition.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("${{") && text.hasSuffix("}}") { text = String(text.dropFirst(3).dropLast(2)) }
        var always = false
        var holds = true
        for term in text.components(separatedBy: "&&").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if term == "always()" {
                always = true
            } else if term == "success()" {
                continue
            } else if let range = term.range(of: "!=") ?? term.range(of: "==") {
                let left = try value(of: term[..<range.lowerBound].trimmingCharacters(in: .whitespaces), steps: steps)
                let right = try value(of: term[range.upperBound...].trimmingCharacters(in: .whitespaces), steps: steps)
                holds = holds && ((term[range] == "==") == (left == right))
            } else {
                throw Unsupported(description: "if: \(condition): the term \(term) is not one this runner evaluates")
            }
        }
        return holds && (always || !failed)
    }
}
