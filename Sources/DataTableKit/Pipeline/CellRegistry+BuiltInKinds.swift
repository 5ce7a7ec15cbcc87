/// The built-in cell kinds, registered in every table's registry before its provider's.
extension CellRegistry {
    /// The built-in kinds by reuse identifier: `TextCell`, `BadgeCell`, `ProgressBarCell`,
    /// `AvatarCell`, `ActionButtonsCell`, `SubtitleCell`, `RightDetailCell`, `SparklineCell`,
    /// `HistogramCell`, each under its class's `reuseIdentifier`.
    static let builtInKinds: [(identifier: String, cellClass: DataTableCell.Type)] = [
        (TextCell.reuseIdentifier, TextCell.self),
        (BadgeCell.reuseIdentifier, BadgeCell.self),
        (ProgressBarCell.reuseIdentifier, ProgressBarCell.self),
        (AvatarCell.reuseIdentifier, AvatarCell.self),
        (ActionButtonsCell.reuseIdentifier, ActionButtonsCell.self),
        (SubtitleCell.reuseIdentifier, SubtitleCell.self),
        (RightDetailCell.reuseIdentifier, RightDetailCell.self),
        (SparklineCell.reuseIdentifier, SparklineCell.self),
        (HistogramCell.reuseIdentifier, HistogramCell.self),
    ]

    /// Registers every built-in kind under its identifier (`builtInKinds`). A table's registry
    /// has them before its provider registers anything, so a provider or a column may name
    /// `BadgeCell.reuseIdentifier` without registering it, and a registration of your own
    /// under the same identifier (made later) replaces the built-in one.
    public func registerBuiltInKinds() {
        for kind in Self.builtInKinds { register(kind.cellClass, forCellReuseIdentifier: kind.identifier) }
    }
}
