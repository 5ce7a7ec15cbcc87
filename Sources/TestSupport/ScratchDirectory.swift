import Glibc

/// One directory under /tmp for the fixture files of this test process, removed with
/// everything in it when the process exits (helpers that only return a path cannot remove
/// their files themselves: a hundred 100 MB fixtures once filled the disk).
public enum ScratchDirectory {
    /// The directory's path, made on first use.
    public static var path: String { made }

    private static let made: String = {
        var template = Array("/tmp/dtable-tests-XXXXXX".utf8CString)
        guard let result = mkdtemp(&template) else { preconditionFailure("mkdtemp failed") }
        atexit { TemporaryDirectory.removeTree(ScratchDirectory.path) }
        return String(cString: result)
    }()
}
