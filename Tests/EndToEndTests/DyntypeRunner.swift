import Foundation
import Testing

/// Runs the built `dyntype` binary (built next to the test bundle, since this target depends on it).
struct DyntypeRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL {
        // The test bundle lives in .build/<triple>/<config>/ beside the products it depends on.
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("dyntype")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let fallback = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../.build/debug/dyntype").standardizedFileURL
        return fallback
    }

    /// Runs `dyntype` with `arguments`, with NO_COLOR set and a timeout (a hang fails the test).
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 120) throws -> Result {
        try runProcess(binary, arguments, environment: environment, timeout: timeout)
    }

    /// Runs `/bin/sh -c script` with `$DYNTYPE` set to the binary (for pipelines such as
    /// `cat /dev/zero | "$DYNTYPE" measure -`), with NO_COLOR set and a timeout.
    static func shell(_ script: String, environment: [String: String] = [:], timeout: TimeInterval = 120) throws -> Result {
        var env = environment
        env["DYNTYPE"] = binary.path
        return try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: env, timeout: timeout)
    }

    private static func runProcess(
        _ executable: URL, _ arguments: [String], environment: [String: String], timeout: TimeInterval
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Drain both pipes concurrently so a large report cannot block the child.
        let outData = LockedData(), errData = LockedData()
        let group = DispatchGroup()
        for (pipe, sink) in [(out, outData), (err, errData)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(Self.readToEnd(pipe.fileHandleForReading))
                group.leave()
            }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            Issue.record("\(executable.lastPathComponent) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData.get(), as: UTF8.self),
            stderr: String(decoding: errData.get(), as: UTF8.self))
    }
}

extension DyntypeRunner {
    /// Everything `handle` gives until end of file. Not `readDataToEndOfFile()`: Foundation's traps
    /// (`try!`) when a signal interrupts the read (EINTR) — a child process of another test ending
    /// while this one reads — so reads are retried here.
    static func readToEnd(_ handle: FileHandle) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ new: Data) { lock.withLock { data = new } }
    func get() -> Data { lock.withLock { data } }
}
