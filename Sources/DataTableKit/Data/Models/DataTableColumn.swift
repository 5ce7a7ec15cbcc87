/// A column of a table built from models: a header and how to get the column's value from a
/// model (a key path or a closure), optionally a different value to sort by. A column with a
/// header only holds no value: custom cells fill it from the row's model.
///
/// ```swift
/// let columns: [DataTableColumn<User>] = [
///     .init("Name", \.name),
///     .init("Age", \.age),
///     .init("Joined", extract: { .string($0.joined.formatted) }, sortedBy: { $0.joined.timestamp }),
///     .init("Actions"),
/// ]
/// ```
///
/// A column is `Sendable` (its closures are `@Sendable`), so a list of columns can be a
/// global `let` under Swift 6.
public struct DataTableColumn<T>: Sendable {
    /// The column's title in the header.
    public let header: String
    /// The value shown (nil: a header-only column, whose cells show `.null`).
    @usableFromInline let extract: (@Sendable (T) -> DataTableValueType)?
    /// The value sorted by (nil: the shown value).
    @usableFromInline let sortValue: (@Sendable (T) -> DataTableValueType)?
    /// The cell the column declared (nil: a text cell; see `cell(_:)`).
    var declaredCell: DataTableColumnCell<T>?
    /// How the column is laid out (nil: the table's configuration decides); see `width(_:)`.
    var widthPolicy: ColumnWidth?

    /// A column showing a property of the model.
    public init<V: DataTableValueConvertible>(_ header: String, _ keyPath: KeyPath<T, V> & Sendable) {
        self.header = header
        self.extract = { $0[keyPath: keyPath].dataTableValue }
        self.sortValue = nil
    }

    /// A column showing a property, sorted by another value of the model.
    public init<V: DataTableValueConvertible, S: DataTableValueConvertible>(
        _ header: String, _ keyPath: KeyPath<T, V> & Sendable, sortedBy: @escaping @Sendable (T) -> S) {
        self.header = header
        self.extract = { $0[keyPath: keyPath].dataTableValue }
        self.sortValue = { sortedBy($0).dataTableValue }
    }

    /// A column showing a value computed from the model.
    public init(_ header: String, extract: @escaping @Sendable (T) -> DataTableValueType) {
        self.header = header
        self.extract = extract
        self.sortValue = nil
    }

    /// A column showing a computed value, sorted by another value of the model.
    public init<S: DataTableValueConvertible>(_ header: String, extract: @escaping @Sendable (T) -> DataTableValueType,
                                              sortedBy: @escaping @Sendable (T) -> S) {
        self.header = header
        self.extract = extract
        self.sortValue = { sortedBy($0).dataTableValue }
    }

    /// A header-only column: no value of its own, for custom cells (buttons, avatars) that
    /// draw from the row's model. Not sortable unless `sortedBy` is given.
    public init(_ header: String) {
        self.header = header
        self.extract = nil
        self.sortValue = nil
    }

    /// A header-only column sorted by a value of the model.
    public init<S: DataTableValueConvertible>(_ header: String, sortedBy: @escaping @Sendable (T) -> S) {
        self.header = header
        self.extract = nil
        self.sortValue = { sortedBy($0).dataTableValue }
    }
}

/// A Swift value a table cell can show.
public protocol DataTableValueConvertible: SendableMetatype {
    /// The value as the table shows and sorts it.
    var dataTableValue: DataTableValueType { get }
}

extension String: DataTableValueConvertible { public var dataTableValue: DataTableValueType { .string(self) } }
extension Substring: DataTableValueConvertible { public var dataTableValue: DataTableValueType { .string(String(self)) } }
extension Int: DataTableValueConvertible { public var dataTableValue: DataTableValueType { .int(self) } }
extension Int32: DataTableValueConvertible { public var dataTableValue: DataTableValueType { .int(Int(self)) } }
extension Int64: DataTableValueConvertible { public var dataTableValue: DataTableValueType { .int(Int(self)) } }
extension UInt32: DataTableValueConvertible { public var dataTableValue: DataTableValueType { .int(Int(self)) } }
extension Double: DataTableValueConvertible { public var dataTableValue: DataTableValueType { .double(self) } }
extension Float: DataTableValueConvertible { public var dataTableValue: DataTableValueType { .double(Double(self)) } }
extension Bool: DataTableValueConvertible { public var dataTableValue: DataTableValueType { .bool(self) } }
extension DataTableValueType: DataTableValueConvertible { public var dataTableValue: DataTableValueType { self } }
extension Optional: DataTableValueConvertible where Wrapped: DataTableValueConvertible {
    /// The wrapped value's, or `.null`.
    public var dataTableValue: DataTableValueType { self?.dataTableValue ?? .null }
}
