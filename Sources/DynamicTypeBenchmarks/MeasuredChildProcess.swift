import DynamicTypeAudit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion and reports its wall time and peak resident memory, as
/// `/usr/bin/time` does: `Process` cannot say how much memory a child used, `wait4` can.
package enum MeasuredChildProcess {
    /// What one run cost.
    package struct Outcome {
        /// The exit status (128 + signal when killed by one).
        package var status: Int32
        /// Wall-clock seconds from spawn to exit.
        package var seconds: Double
        /// Peak resident set size in bytes (the kernel's `ru_maxrss`).
        package var peakResidentBytes: Int
    }

    /// Runs `executable` with `arguments`, standard output and error to /dev/null.
    package static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { throw failure("posix_spawn_file_actions_init") }
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            let flags = descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY
            guard posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", flags, 0) == 0 else {
                throw failure("posix_spawn_file_actions_addopen")
            }
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw failure("posix_spawn \(executable)", code: spawned) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw failure("wait4") }
        }
        let seconds = (clock.now - start).seconds
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7F
        let exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        // Linux reports ru_maxrss in kilobytes.
        return Outcome(status: exitStatus, seconds: seconds, peakResidentBytes: Int(usage.ru_maxrss) * 1024)
    }

    private static func failure(_ call: String, code: Int32 = errno) -> RunFailure {
        RunFailure(.internalError, "\(call) failed: \(String(cString: strerror(code)))")
    }
}
