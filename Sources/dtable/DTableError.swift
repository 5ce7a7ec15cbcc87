/// An error that dtable reports as one line on stderr, exiting with status 2.
struct DTableError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
