/// How an apply treats the rows it matched by identity: which of them changed, how their cells
/// are refreshed, and whether they flash. One value for every apply: `DataTable.apply` of
/// models, of a snapshot, of a sectioned snapshot, and a source's reported changes
/// (`LiveDataSource.replace(with:changes:options:)`, where the model of a row is its source row).
///
/// ```swift
/// // The default: a row changed when the text a column shows for it changed.
/// table.apply(processes, id: \.pid, options: DataTableApplyOptions())
/// // Cells that draw a field no column shows (a custom badge) name it too.
/// table.apply(processes, id: \.pid, options: DataTableApplyOptions(changes: .shownText(or: \.state)))
/// ```
public struct DataTableApplyOptions<Model> {
    /// Which matched rows count as changed (configured again and measured again, flashing).
    public var changes: DataTableChangeRule<Model>
    /// How the cells of changed rows are refreshed.
    public var refresh: DataTableRowRefresh
    /// Whether changed and inserted rows flash (the theme's `flash` says how, or turns it off).
    public var animatingDifferences: Bool

    /// Options comparing what is shown, reconfiguring changed rows in their cells, flashing them.
    public init(changes: DataTableChangeRule<Model> = .shownText, refresh: DataTableRowRefresh = .reconfigure,
                animatingDifferences: Bool = true) {
        self.changes = changes
        self.refresh = refresh
        self.animatingDifferences = animatingDifferences
    }
}

/// How the cells of a changed row are refreshed, as UIKit's diffable data sources say it.
public enum DataTableRowRefresh: Hashable, Sendable {
    /// Configured again in the cells they have (`reconfigureItems`).
    case reconfigure
    /// Their cells go back to the pool and the rows get freshly dequeued ones (`reloadItems`).
    case reload
}

/// Which of the rows matched by identity count as changed.
///
/// The default, `.shownText`, compares the text each column shows for the old and the new
/// model (the column's value as its cells show it, `DataTableValueType.stringRepresentation`):
/// a CPU column showing `"12.3"` does not change when the number under it moves from 12.31 to
/// 12.34, even though the value it sorts by did. Such a row is neither configured again nor
/// flashed, and an apply where nothing shown changed draws no frame. A header-only column (its
/// cells draw from the model) is compared by the text of the value it sorts by; what a custom
/// cell draws from the model beyond that is named with `.shownText(or:)`.
public struct DataTableChangeRule<Model> {
    /// Whether the columns' shown text is compared.
    @usableFromInline let comparesShownText: Bool
    /// A further test (either one saying changed is enough); nil: none.
    @usableFromInline let isChanged: ((Model, Model) -> Bool)?

    /// A rule from its parts.
    @inlinable init(comparesShownText: Bool, isChanged: ((Model, Model) -> Bool)?) {
        self.comparesShownText = comparesShownText
        self.isChanged = isChanged
    }

    /// Changed when a column shows other text for the row (the default).
    public static var shownText: DataTableChangeRule { DataTableChangeRule(comparesShownText: true, isChanged: nil) }

    /// Changed when a column shows other text, or when `isChanged(old, new)` says so.
    public static func shownText(or isChanged: @escaping (Model, Model) -> Bool) -> DataTableChangeRule {
        DataTableChangeRule(comparesShownText: true, isChanged: isChanged)
    }

    /// Changed when a column shows other text, or when `projection` (what a custom cell draws)
    /// differs.
    public static func shownText<V: Equatable>(or projection: @escaping (Model) -> V) -> DataTableChangeRule {
        DataTableChangeRule(comparesShownText: true, isChanged: { projection($0) != projection($1) })
    }

    /// Changed when `isChanged(old, new)` says so, whatever the columns show.
    public static func when(_ isChanged: @escaping (Model, Model) -> Bool) -> DataTableChangeRule {
        DataTableChangeRule(comparesShownText: false, isChanged: isChanged)
    }

    /// Changed when `projection` (an `Equatable` view of what is shown) differs, whatever the
    /// columns show.
    public static func shown<V: Equatable>(by projection: @escaping (Model) -> V) -> DataTableChangeRule {
        DataTableChangeRule(comparesShownText: false, isChanged: { projection($0) != projection($1) })
    }

    /// Whether a cell shows other text for `after` than for `before`: their text as cells show
    /// it (`stringRepresentation`), made only when the values differ.
    @inlinable public static func showsOtherText(_ before: DataTableValueType, _ after: DataTableValueType) -> Bool {
        before != after && before.stringRepresentation != after.stringRepresentation
    }

    /// Every matched row counts as changed (each apply configures every row again).
    public static var everyRow: DataTableChangeRule { DataTableChangeRule(comparesShownText: false, isChanged: { _, _ in true }) }
}
