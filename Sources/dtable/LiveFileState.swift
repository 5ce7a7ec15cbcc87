import DataTableCSV
import DataTableKit

/// What `--watch`, `--follow` and `--key` ask for, and the state of watching the file: the
/// versions seen on disk, the row keys and tail of the version shown, the reload running.
struct LiveFileState {
    /// The layer that switches the table to a new version of the file.
    var live: LiveDataSource?
    /// `--watch`: reload when the file is rewritten or replaced.
    var watches = false
    /// `--follow`: take rows appended to the file, and keep a cursor at the end there.
    var follows = false
    /// `--key`: rows matched by these columns' values (empty: by content).
    var keyColumns: [Int] = []
    /// Row keys of the version shown (computed in the background while watching).
    var keys: CSVRowKeys?
    /// The keys being computed.
    var keysJob: BackgroundValue<CSVRowKeys?>?
    /// The last record of the version shown, to tell a file that only grew.
    var tail: CSVTailFingerprint?
    /// The reload running, and the version on disk it started from.
    var reload: CSVReload?
    var reloadStamp: FileStamp?
    /// A version on disk seen at the last check and since when (a file still being written
    /// is not read until it stays the same across two checks).
    var seen: (stamp: FileStamp?, since: ContinuousClock.Instant)?
    /// A version on disk that is not taken in (unsaved edits, a failed reload): not tried again.
    var held: FileStamp?
    /// When the file was last looked at.
    var lastCheck: ContinuousClock.Instant?
    /// Milliseconds the last reload took (for --stats).
    var lastReloadMilliseconds: Double?
}
