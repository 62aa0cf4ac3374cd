// libFuzzer target: the constraint solver on systems built from the input's bytes (constraints
// with any coefficients, constants, relations and strengths, NaN and infinities included;
// removals, edit variables, suggestions, resets). Run with scripts/fuzz.sh constraint-solver.
// It checks that no input crashes or hangs the solver (the pivot limit bounds each call) and that
// every value it reports is finite.
import ConstraintSolver
import DyntypeFuzzSupport
import Foundation

/// Reads the input a byte at a time; 0 once it is used up.
struct ByteReader {
    let bytes: [UInt8]
    var offset = 0
    var isAtEnd: Bool { offset >= bytes.count }
    mutating func next() -> Int {
        defer { offset += 1 }
        return offset < bytes.count ? Int(bytes[offset]) : 0
    }
    /// A number from a palette of layout-like values and the ones the solver must refuse.
    mutating func number() -> Double {
        let palette: [Double] = [0, 1, -1, 0.5, 2, -2, 8, 16, 44, 320, -100, 1e-9, 1e6, 1.0 / 3.0, .nan, .infinity]
        let byte = next()
        return byte < 240 ? palette[byte % palette.count] : Double(byte - 240) * 37.5
    }
    mutating func strength() -> Strength {
        switch next() % 6 {
        case 0: .required
        case 1: .strong
        case 2: .medium
        case 3: .weak
        case 4: (try? Strength(priority: Double(next() * 4 + 1))) ?? .weak
        default: Strength(number())
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConstraintSolver(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var reader = ByteReader(bytes: bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    let variables = (0..<8).map { Variable("v\($0)") }
    var solver = Solver()
    var added: [Constraint] = []
    while !reader.isAtEnd {
        switch reader.next() % 7 {
        case 0, 1:
            let terms = (0..<(reader.next() % 4)).map { _ in Term(variables[reader.next() % 8], coefficient: reader.number()) }
            let relation: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
            let constraint = Constraint(
                Expression(terms, constant: reader.number()), relation[reader.next() % 3], strength: reader.strength())
            if (try? solver.addConstraint(constraint)) != nil { added.append(constraint) }
        case 2:
            if !added.isEmpty { _ = try? solver.removeConstraint(added.remove(at: reader.next() % added.count)) }
        case 3:
            _ = try? solver.addEditVariable(variables[reader.next() % 8], strength: reader.strength())
        case 4:
            _ = try? solver.removeEditVariable(variables[reader.next() % 8])
        case 5:
            _ = try? solver.suggestValue(variables[reader.next() % 8], reader.number())
        default:
            if reader.next() == 0 {
                solver.reset()
                added.removeAll()
            }
        }
        for variable in variables where !solver.value(of: variable).isFinite {
            fatalError("\(variable.name) = \(solver.value(of: variable)), not finite")
        }
    }
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
