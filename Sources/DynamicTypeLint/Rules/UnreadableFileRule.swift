import SwiftSyntaxProblems

/// A file that could not be read or parsed. There is no detection of its own: the readers report
/// it (the file walker and ``InputFile`` for files that cannot be opened or are too large, the
/// Swift checker for syntax errors, the Interface Builder checker for XML it refuses or that is
/// malformed), each with a message saying what went wrong.
enum UnreadableFileRule: LintRuleDeclaration {
    static let rule = LintRule.unreadableFile

    static let description = LintRuleDescription(
        id: "unreadable-file",
        name: "UnreadableFile",
        defaultSeverity: .warning,
        reads: .anyFile,
        problem: "file not checked",
        atLargeSizes: nil,
        fix: nil,
        summary: "A file that could not be read or parsed.",
        finds: "A file that could not be read or parsed.",
        findsBriefly: "a file that does not parse or cannot be read (never a crash)",
        explanation:
            "A Swift file with a syntax error (the rules still ran on what parsed) or nested too deep to parse safely, malformed XML, an Interface Builder file not in UTF-8 or UTF-16 or with a late XML declaration or a processing instruction, a file over the size limit, a file that cannot be opened, or something that is not a regular file.",
        documentation: """
            A Swift file with a syntax error (reported at the first one; the rules still run on what parsed), a Swift file nested more than \(NestingScan.maximumDepth) levels deep (parentheses, brackets, braces and generic arguments together) or with a chain of more than \(NestingScan.maximumChain) members (`a.b.b.b…`), reported at the line where it passes the limit without being parsed (swift-syntax recurses per level and would overflow its stack; everything below the limits is parsed on a thread with a 64 MB stack), malformed XML (at the error's line; findings before it are kept), an Interface Builder file in an encoding other than UTF-8 or UTF-16 (UTF-16, with or without a byte order mark, is transcoded to UTF-8 first; UTF-7, UTF-32, EBCDIC and invalid UTF-16 are refused), with a processing instruction, or whose XML declaration is not at the start or names another encoding (none of these is handed to libxml2, which crashed on such files under fuzzing), a file over the size limit, a file that cannot be opened, or a FIFO or device in a walked folder. Never a crash: the run goes on with the other files.
            """,
        triggeringExamples: [
            .swift("let x = (1"),
            .interfaceBuilderFile("<document>\n<objects>\n↓</document>\n"),
            .interfaceBuilderFile("↓<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<document/>\n"),
            .interfaceBuilderFile("<?xml version=\"1.0\"?>\n↓<?php echo 1 ?>\n<document/>\n"),
        ],
        nonTriggeringExamples: [
            .swift("let x = (1)"),
            .interfaceBuilderFile("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document>\n<objects/>\n</document>\n"),
        ])
}
