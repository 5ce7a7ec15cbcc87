/// A data source whose rows were made from models (`DataTable<T>`): a custom cell provider
/// gets the model of the row it configures. Without it a row's model is its id.
public protocol DataTableModelRows: DataTableDataSource {
    /// The model a row was made from.
    func model(atSourceRow row: Int) -> Any
}
