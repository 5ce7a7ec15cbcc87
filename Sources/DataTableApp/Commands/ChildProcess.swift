import Glibc

/// The one way this package starts a child process (`CommandRunner`'s actions, TestSupport's
/// `runProcess`): `posix_spawnp`, the program looked up in `PATH`, with stdin read from a file,
/// stdout and stderr onto descriptors of the caller's, an empty signal mask and default handling
/// of the signals a terminal program catches or ignores, whatever this process set, and no other
/// descriptor of this process (those from 3 up are closed in the child where glibc can, 2.34 and
/// later; the pipes of `makePipe` are close-on-exec in any case).
package enum ChildProcess {
    /// Why a child could not be started: the `errno` value.
    package struct Failure: Error, CustomStringConvertible {
        /// The `errno` value.
        package var code: Int32
        /// The system's text for `code`.
        package var description: String { String(cString: strerror(code)) }
    }

    /// The signals reset to their default action in the child.
    static let defaultSignals = [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGWINCH, SIGTSTP, SIGTTIN,
                                 SIGTTOU, SIGUSR1, SIGUSR2, SIGALRM]

    /// Starts `arguments` (at least the program) with `environment` (`NAME=value` entries),
    /// stdin from `standardInputPath`, stdout onto `standardOutput` and stderr onto
    /// `standardError`; in a process group of its own when `ownProcessGroup` (so it and its
    /// children can be signalled together). Returns the child's id.
    package static func spawn(_ arguments: [String], environment: [String], standardInputPath: String = "/dev/null",
                              standardOutput: Int32, standardError: Int32,
                              ownProcessGroup: Bool = false) -> Result<pid_t, Failure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInputPath, O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        if let closeFrom = spawnAddCloseFrom { _ = closeFrom(&actions, 3) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in
                posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
            }
        }
        return status == 0 ? .success(pid) : .failure(Failure(code: status))
    }

    /// A pipe (`fds[0]` the read end) whose ends are close-on-exec from the start
    /// (`pipe2(O_CLOEXEC)`), so a process another thread spawns meanwhile cannot inherit them.
    /// Without pipe2, `pipe` then `fcntl` (a small window). 0, or -1 with `errno` set.
    package static func makePipe(_ fds: inout [Int32]) -> Int32 {
        if let pipe2Function {
            return fds.withUnsafeMutableBufferPointer { pipe2Function($0.baseAddress, O_CLOEXEC) }
        }
        guard pipe(&fds) == 0 else { return -1 }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    /// Calls `body` with a NULL-terminated C array of copies of `strings`.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}

// glibc functions the Glibc module does not import (they are declared under _GNU_SOURCE):
// looked up once in the C library, which is always loaded.
private typealias Pipe2Function = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
private typealias AddCloseFromFunction = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

private nonisolated(unsafe) let libcHandle = dlopen(nil, RTLD_NOW)
private let pipe2Function: Pipe2Function? = dlsym(libcHandle, "pipe2").map { unsafeBitCast($0, to: Pipe2Function.self) }
/// glibc 2.34 and later.
private let spawnAddCloseFrom: AddCloseFromFunction? =
    dlsym(libcHandle, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: AddCloseFromFunction.self) }
