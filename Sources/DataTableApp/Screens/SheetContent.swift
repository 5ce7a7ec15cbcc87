import DataTableKit
import TerminalSurface

/// What a sheet adds to the table it shows: its title, its own keys, what `Enter` on a row
/// does, and work it runs in the background (the frequency count, the summary). The sheet
/// (`SheetScreen`) holds it; every method but `title` has a default.
public protocol SheetContent: AnyObject {
    /// The sheet's name on its status line ("frequency of status").
    var title: String { get }
    /// The sheet's own keys with what they do, first in its help and in its status line's hint.
    var keyHelp: [(keys: String, summary: String)] { get }
    /// A key for the sheet before its table sees it (`b` toggles bins); nil lets the table
    /// have it.
    func handle(_ key: Key, in sheet: SheetScreen) -> ScreenOutcome?
    /// `Enter` on a row of the sheet's table (`sourceRow` of the sheet's data source).
    func activate(sourceRow: Int, in sheet: SheetScreen) -> ScreenOutcome
    /// Picks up progress or finished work (it may give the sheet a new table with
    /// `SheetScreen.setTable`); true when the sheet should be drawn again. UI thread.
    func poll(_ sheet: SheetScreen) -> Bool
    /// Whether background work runs (the run loop then wakes often to poll it).
    var isBusy: Bool { get }
    /// What the work is doing, for the sheet's status line ("counting 42%"); nil when idle.
    var progress: String? { get }
    /// `Esc` while work runs: stops it; true when there was some.
    func cancelWork(in sheet: SheetScreen) -> Bool
}

extension SheetContent {
    /// Default: no keys of its own.
    public var keyHelp: [(keys: String, summary: String)] { [] }
    /// Default: nil, the table handles every key.
    public func handle(_ key: Key, in sheet: SheetScreen) -> ScreenOutcome? { nil }
    /// Default: nothing happens.
    public func activate(sourceRow: Int, in sheet: SheetScreen) -> ScreenOutcome { .ignored }
    /// Default: false, nothing runs.
    public func poll(_ sheet: SheetScreen) -> Bool { false }
    /// Default: false.
    public var isBusy: Bool { false }
    /// Default: nil.
    public var progress: String? { nil }
    /// Default: false, nothing runs.
    public func cancelWork(in sheet: SheetScreen) -> Bool { false }
}
