import Foundation
import Testing

@testable import ConstraintSolver

/// Reads and replays the fixture scripts/kiwi-fixtures.py writes (its module comment describes the
/// format): a constraint is `[relation, strength, constant, [[variable, coefficient], ...]]`, an
/// operation `["add", constraint, outcome]`, `["remove", constraint]`, `["edit", variable,
/// strength]`, `["suggest", variable, value]` or `["check", {variable: value}]`.
enum KiwiFixture {
    struct Totals: CustomStringConvertible {
        var systems = 0, refused = 0, suggestions = 0, removals = 0, checkedValues = 0
        var description: String {
            "\(systems) systems, \(refused) refused, \(suggestions) suggestions, \(removals) removals, \(checkedValues) values checked"
        }
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
    }

    static func load(_ url: URL) throws -> [[String: Any]] {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        guard let systems = root?["systems"] as? [[String: Any]] else {
            throw FixtureError(description: "\(url.path): no \"systems\" array")
        }
        return systems
    }

    /// Adds the constraint; whether it was refused as unsatisfiable (any other error is thrown).
    private static func addRefusing(_ constraint: Constraint, to solver: inout Solver) throws -> Bool {
        do {
            try solver.addConstraint(constraint)
            return false
        } catch {
            guard case .unsatisfiableConstraint = error else { throw error }
            return true
        }
    }

    /// Replays one system on a new solver, recording a test issue for each difference from kiwi.
    static func replay(_ system: [String: Any], totals: inout Totals) throws {
        let name = system["name"] as? String ?? "?"
        func bad(_ what: String) -> FixtureError { FixtureError(description: "\(name): \(what)") }
        guard let names = system["variables"] as? [String], let stays = system["stays"] as? [[Any]],
            let constraintList = system["constraints"] as? [[Any]], let operations = system["operations"] as? [[Any]]
        else { throw bad("missing variables, stays, constraints or operations") }
        let variables = Dictionary(uniqueKeysWithValues: names.map { ($0, Variable($0)) })
        func variable(_ any: Any?) throws -> Variable {
            guard let key = any as? String, let variable = variables[key] else { throw bad("unknown variable \(String(describing: any))") }
            return variable
        }
        let constraints = try constraintList.map { entry throws -> Constraint in
            guard entry.count == 4, let relation = entry[0] as? String, let strength = entry[1] as? Double,
                let constant = entry[2] as? Double, let terms = entry[3] as? [[Any]]
            else { throw bad("malformed constraint \(entry)") }
            let expression = Expression(
                try terms.map { term throws -> Term in
                    guard term.count == 2, let coefficient = term[1] as? Double else { throw bad("malformed term \(term)") }
                    return Term(try variable(term[0]), coefficient: coefficient)
                }, constant: constant)
            let relations: [String: Relation] = ["==": .equal, "<=": .lessThanOrEqual, ">=": .greaterThanOrEqual]
            guard let kind = relations[relation] else { throw bad("unknown relation \(relation)") }
            return Constraint(expression, kind, strength: Strength(strength))
        }
        var solver = Solver()
        for stay in stays {
            guard stay.count == 3, let target = stay[1] as? Double, let strength = stay[2] as? Double else { throw bad("malformed stay \(stay)") }
            try solver.addConstraint((try variable(stay[0]) == target) | Strength(strength))
        }
        totals.systems += 1
        for (index, operation) in operations.enumerated() {
            let at = "\(name) operation \(index)"
            switch operation.first as? String {
            case "add":
                guard let number = operation[1] as? Int, constraints.indices.contains(number), let outcome = operation[2] as? String
                else { throw bad("malformed add \(operation)") }
                let refused = try addRefusing(constraints[number], to: &solver)
                if refused { totals.refused += 1 }
                #expect(
                    refused == (outcome == "unsatisfiable"),
                    "\(at): constraint \(number) \(refused ? "refused by us" : "added by us"), kiwisolver: \(outcome)")
            case "remove":
                guard let number = operation[1] as? Int, constraints.indices.contains(number) else { throw bad("malformed remove \(operation)") }
                totals.removals += 1
                try solver.removeConstraint(constraints[number])
            case "edit":
                guard let strength = operation[2] as? Double else { throw bad("malformed edit \(operation)") }
                try solver.addEditVariable(try variable(operation[1]), strength: Strength(strength))
            case "suggest":
                guard let value = operation[2] as? Double else { throw bad("malformed suggest \(operation)") }
                totals.suggestions += 1
                try solver.suggestValue(try variable(operation[1]), value)
            case "check":
                guard let expected = operation[1] as? [String: Double] else { throw bad("malformed check \(operation)") }
                for (key, value) in expected.sorted(by: { $0.key < $1.key }) {
                    let actual = solver.value(of: try variable(key))
                    totals.checkedValues += 1
                    #expect(abs(actual - value) <= 1e-6, "\(at): \(key) is \(actual), kiwisolver \(value)")
                }
            default:
                throw bad("unknown operation \(operation)")
            }
        }
    }
}
