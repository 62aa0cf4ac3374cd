#!/usr/bin/env python3
"""Generates layout-like constraint systems and records kiwisolver's solutions of them.

The output is the fixture Tests/ConstraintSolverTests/Fixtures/kiwi-systems.json, which
ConstraintSolverTests replays with our Swift solver (ConstraintSolver) and compares, every variable
to 1e-6, and every refused constraint: kiwisolver (nucleic/kiwi, PyPI) is the oracle. The systems
are deterministic (a seeded random.Random per system), so running this again with the same
kiwisolver must give the committed file byte for byte (KiwiFixtureTests checks that).

In the file, a constraint is [relation, strength, constant, [[variable, coefficient], ...]] meaning
`constant + sum(coefficient * variable) relation 0`, and an operation is an array (see compact()).

Each system is a root view and 1-6 views, each with left/width/top/height variables, their stays
(see below), added first, and a list of operations in order:
  add      a constraint (UIKit-like: edges, centres and sizes related with constants, multipliers
           and inequalities; required or at a UIKit priority p, whose strength is 10^(p/125) as
           Strength(priority:) maps it; hugging/compression-like size pairs), with kiwi's outcome:
           "ok" or "unsatisfiable" (some systems get contradicting required constraints);
  remove   a constraint added before;
  edit     makes a variable an edit variable (the root's width or height, strong);
  suggest  a value for an edit variable;
  check    every variable's value at that point, as kiwi solved it.

Unique optimum: every variable also has a weak "stay" (variable == target) with its own strength
drawn from 1...2 (kiwi's weak is 1), so the weighted sum of errors has no ties between solutions and
any correct solver must land on the same one; without them, degenerate systems (several optimal
solutions) could legitimately differ between kiwi and us.

Refused constraints: after kiwi refuses a required constraint, this script rebuilds its kiwi solver
from the operations accepted so far, so the oracle is "the system without the refused constraint".
kiwi's own solver may keep part of a constraint it refused through its artificial variable
(solverimpl.h, addWithArtificialVariable pivots the artificial row back in even when its minimum is
not zero); the number of systems where that changed kiwi's values is printed on stderr.

Usage: scripts/kiwi-fixtures.py [--output PATH] [--count N]   (default: stdout, 320 systems)
"""

import argparse
import json
import random
import sys

try:
    import kiwisolver
except ImportError:
    sys.stderr.write("kiwi-fixtures: needs the kiwisolver module: python3 -m pip install kiwisolver\n")
    sys.exit(69)

REQUIRED = 1001001000.0  # kiwi's strength.required = create(1000, 1000, 1000)
STRONG = 1000000.0


def priority_strength(priority):
    """The strength of a UIKit priority, as Strength(priority:) maps it (docs/constraint-solver.md)."""
    return REQUIRED if priority == 1000 else 10.0 ** (priority / 125.0)


ATTRIBUTES = {
    "left": [("left", 1.0)],
    "right": [("left", 1.0), ("width", 1.0)],
    "centerX": [("left", 1.0), ("width", 0.5)],
    "width": [("width", 1.0)],
    "top": [("top", 1.0)],
    "bottom": [("top", 1.0), ("height", 1.0)],
    "centerY": [("top", 1.0), ("height", 0.5)],
    "height": [("height", 1.0)],
}
HORIZONTAL = ["left", "right", "centerX", "width"]
VERTICAL = ["top", "bottom", "centerY", "height"]


class System:
    """One generated system: its variables, constraints and operations."""

    def __init__(self, rng, index):
        self.rng = rng
        self.index = index
        self.views = ["root"] + ["v%d" % k for k in range(rng.randint(1, 6))]
        self.variables = ["%s.%s" % (view, attr) for view in self.views for attr in ("left", "width", "top", "height")]
        self.stays = []  # [variable, target, strength]: added first, as `variable == target | strength`
        self.constraints = []
        self.operations = []

    def constraint(self, terms, constant, op, strength):
        # [relation, strength, constant, [[variable, coefficient], ...]]: expression relation 0.
        self.constraints.append([op, strength, constant + 0.0, terms])
        self.operations.append({"op": "add", "constraint": len(self.constraints) - 1})

    def attribute(self, view, name, factor=1.0):
        return [["%s.%s" % (view, var), coefficient * factor] for var, coefficient in ATTRIBUTES[name]]

    def relate(self, view_a, attr_a, op, view_b, attr_b, multiplier, constant, strength):
        """view_a.attr_a op multiplier * view_b.attr_b + constant, as expression op 0."""
        terms = self.attribute(view_a, attr_a) + (self.attribute(view_b, attr_b, -multiplier) if view_b else [])
        self.constraint(terms, -constant, op, strength)

    def random_strength(self):
        rng = self.rng
        roll = rng.random()
        if roll < 0.6:
            return REQUIRED
        return priority_strength(rng.choice([250, 500, 750, 999, rng.randint(1, 999)]))

    def generate(self):
        rng = self.rng
        root_width = float(rng.choice([320, 375, 390, 414, 768]))
        root_height = float(rng.choice([568, 667, 844, 896, 1024]))
        # Stays first, as a layout engine would add them: unique optimum (see the module comment).
        self.stays = [[name, float(rng.randint(0, 400)), round(1.0 + rng.random(), 6)] for name in self.variables]
        self.constraint(self.attribute("root", "left"), 0.0, "==", REQUIRED)
        self.constraint(self.attribute("root", "top"), 0.0, "==", REQUIRED)
        edits = rng.random() < 0.4
        if edits:
            self.operations.append({"op": "edit", "variable": "root.width", "strength": STRONG})
            self.operations.append({"op": "suggest", "variable": "root.width", "value": root_width})
            if rng.random() < 0.5:
                self.operations.append({"op": "edit", "variable": "root.height", "strength": STRONG})
                self.operations.append({"op": "suggest", "variable": "root.height", "value": root_height})
        else:
            self.constraint(self.attribute("root", "width"), -root_width, "==", REQUIRED)
            self.constraint(self.attribute("root", "height"), -root_height, "==", REQUIRED)
        for view in self.views[1:]:
            self.constraint(self.attribute(view, "width"), 0.0, ">=", REQUIRED)
            self.constraint(self.attribute(view, "height"), 0.0, ">=", REQUIRED)
        for position, view in enumerate(self.views[1:], start=1):
            earlier = self.views[:position]
            for axis in (HORIZONTAL, VERTICAL):
                leading, trailing, centre, size = axis
                anchor = rng.choice(earlier)
                # Position: the leading edge after an earlier view's trailing edge, or inside the
                # root with a margin, or centred.
                kind = rng.random()
                if kind < 0.45 and anchor != "root":
                    self.relate(view, leading, "==", anchor, trailing, 1.0, float(rng.choice([0, 8, 16, 20])), self.random_strength())
                elif kind < 0.8:
                    self.relate(view, leading, "==", "root", leading, 1.0, float(rng.choice([0, 8, 16])), self.random_strength())
                else:
                    self.relate(view, centre, "==", anchor, centre, 1.0, 0.0, self.random_strength())
                # Size: fixed, a share of another view's, or intrinsic-like (hugging and compression).
                kind = rng.random()
                if kind < 0.3:
                    self.relate(view, size, "==", None, None, 0.0, float(rng.randint(10, 200)), self.random_strength())
                elif kind < 0.45:
                    multiplier = rng.choice([0.5, 1.0, 1.5, 2.0, 1.0 / 3.0])
                    self.relate(view, size, "==", rng.choice(earlier), size, multiplier, float(rng.choice([0, -8, 4])), self.random_strength())
                else:
                    intrinsic = float(rng.randint(10, 300))
                    hugging, compression = rng.choice([(250, 750), (750, 250), (251, 750), (250, 1000)])
                    self.relate(view, size, "<=", None, None, 0.0, intrinsic, priority_strength(hugging))
                    self.relate(view, size, ">=", None, None, 0.0, intrinsic, priority_strength(compression))
                # Trailing edge inside the root, often.
                if rng.random() < 0.6:
                    self.relate(view, trailing, "<=", "root", trailing, 1.0, -float(rng.choice([0, 8, 16])), self.random_strength())
        # Extra relations between random views and attributes, with multipliers and inequalities.
        for _ in range(rng.randint(0, len(self.views))):
            view_a, view_b = rng.choice(self.views[1:]), rng.choice(self.views)
            axis = rng.choice([HORIZONTAL, VERTICAL])
            op = rng.choices(["==", "<=", ">="], weights=[6, 2, 2])[0]
            multiplier = rng.choices([1.0, 0.5, 2.0, 0.75], weights=[8, 1, 1, 1])[0]
            self.relate(view_a, rng.choice(axis), op, view_b, rng.choice(axis), multiplier,
                        float(rng.randint(-20, 40)), self.random_strength())
        # Contradictions, in a quarter of the systems: a required size both fixed and different,
        # or an edge required past the root's far edge.
        if rng.random() < 0.25:
            view = rng.choice(self.views[1:])
            self.relate(view, "width", "==", None, None, 0.0, 50.0, REQUIRED)
            self.relate(view, "width", "==", None, None, 0.0, float(rng.choice([60, 51, 49.5])), REQUIRED)
            if rng.random() < 0.5:
                self.relate(view, "left", ">=", "root", "right", 1.0, 10.0, REQUIRED)
                self.relate(view, "right", "<=", "root", "right", 1.0, 0.0, REQUIRED)
        self.operations.append({"op": "check"})
        # Removals (each followed by a check) and more suggestions.
        for _ in range(rng.choice([0, 0, 1, 2])):
            self.operations.append({"op": "remove", "constraint": None})
            self.operations.append({"op": "check"})
        if edits:
            for value in rng.sample([300.0, 320.0, 600.0, 1024.0, 10.0, 0.0], 3):
                self.operations.append({"op": "suggest", "variable": "root.width", "value": value})
                self.operations.append({"op": "check"})


class KiwiReplay:
    """Runs a system's operations on kiwisolver and fills in the outcomes and checked values."""

    def __init__(self, system):
        self.system = system
        self.kiwi_variables = {name: kiwisolver.Variable(name) for name in system.variables}
        self.kiwi_constraints = [self.make(c) for c in system.constraints]
        self.kiwi_stays = [(self.kiwi_variables[name] == target) | strength for name, target, strength in system.stays]
        self.accepted = []  # operations kiwi accepted, in order, to rebuild the solver after a refusal
        self.differed = False

    def make(self, constraint):
        op, strength, constant, terms = constraint
        expression = sum((coefficient * self.kiwi_variables[name] for name, coefficient in terms),
                         kiwisolver.Expression([], constant))
        relation = {"==": expression == 0, "<=": expression <= 0, ">=": expression >= 0}[op]
        return relation | strength

    def apply(self, solver, operation):
        kind = operation["op"]
        if kind == "add":
            solver.addConstraint(self.kiwi_constraints[operation["constraint"]])
        elif kind == "remove":
            solver.removeConstraint(self.kiwi_constraints[operation["constraint"]])
        elif kind == "edit":
            solver.addEditVariable(self.kiwi_variables[operation["variable"]], operation["strength"])
        elif kind == "suggest":
            solver.suggestValue(self.kiwi_variables[operation["variable"]], operation["value"])

    def fresh_solver(self):
        solver = kiwisolver.Solver()
        for stay in self.kiwi_stays:
            solver.addConstraint(stay)
        return solver

    def rebuild(self):
        solver = self.fresh_solver()
        for operation in self.accepted:
            self.apply(solver, operation)
        return solver

    def values(self, solver):
        solver.updateVariables()
        return {name: round(variable.value(), 9) + 0.0 for name, variable in self.kiwi_variables.items()}

    def run(self, rng):
        solver = self.fresh_solver()
        present = []  # constraints in the solver that a removal may pick
        for operation in self.system.operations:
            kind = operation["op"]
            if kind == "remove":
                if not present:
                    operation["op"] = "skip"
                    continue
                operation["constraint"] = present.pop(rng.randrange(len(present)))
            if kind == "check":
                operation["values"] = self.values(solver)
                continue
            try:
                self.apply(solver, operation)
            except kiwisolver.UnsatisfiableConstraint:
                operation["result"] = "unsatisfiable"
                before = self.values(solver)
                solver = self.rebuild()
                if self.values(solver) != before:
                    self.differed = True
                continue
            if kind == "add":
                operation["result"] = "ok"
                present.append(operation["constraint"])
            self.accepted.append(operation)
        self.system.operations = [op for op in self.system.operations if op["op"] != "skip"]


def compact(operation):
    """An operation as an array: ["add", constraint, "ok" | "unsatisfiable"], ["remove", constraint],
    ["edit", variable, strength], ["suggest", variable, value], ["check", {variable: value}]."""
    kind = operation["op"]
    if kind == "add":
        return ["add", operation["constraint"], operation["result"]]
    if kind == "remove":
        return ["remove", operation["constraint"]]
    if kind == "edit":
        return ["edit", operation["variable"], operation["strength"]]
    if kind == "suggest":
        return ["suggest", operation["variable"], operation["value"]]
    return ["check", operation["values"]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", help="the file to write (default: standard output)")
    parser.add_argument("--count", type=int, default=320, help="how many systems (default 320)")
    arguments = parser.parse_args()
    systems = []
    differed = 0
    refused = 0
    for index in range(arguments.count):
        rng = random.Random(20260001 + index)
        system = System(rng, index)
        system.generate()
        replay = KiwiReplay(system)
        replay.run(rng)
        differed += replay.differed
        refused += any(op.get("result") == "unsatisfiable" for op in system.operations)
        systems.append({"name": "system%03d" % index, "variables": system.variables,
                        "stays": system.stays,
                        "constraints": system.constraints, "operations": [compact(op) for op in system.operations]})
    # One system a line, so that a change shows as a readable diff.
    header = {"generator": "scripts/kiwi-fixtures.py", "oracle": "kiwisolver %s" % kiwisolver.__version__}
    text = json.dumps(header, sort_keys=True)[:-1] + ', "systems": [\n'
    text += ",\n".join(json.dumps(system, sort_keys=True, separators=(",", ":")) for system in systems)
    text += "\n]}\n"
    sys.stderr.write("kiwi-fixtures: %d systems, %d with a refused constraint, %d where kiwi's own solver "
                     "kept part of a refused constraint\n" % (len(systems), refused, differed))
    if arguments.output:
        with open(arguments.output, "w") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
