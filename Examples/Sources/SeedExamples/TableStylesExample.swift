import DataTableKit
import TerminalSurface

/// Seed: UIKit's `UITableViewCell` styles and accessory views, on one cell class.
///
/// - `.default` (basic): one label.
/// - `.subtitle`: the text over a dim detail.
/// - `.value2` (left detail): a right-aligned, coloured detail before the text.
/// - `.value1` (right detail): the text, the detail dim at the trailing edge.
///
/// The accessory sits at the trailing edge: disclosure `›`, a detail button `(i)` that fires
/// the `info` action (UIKit's `accessoryButtonTappedForRowWith`), or a checkmark `✓`.
final class StyledTableCell: LayoutCell {
    enum CellStyle { case `default`, subtitle, value1, value2 }
    enum AccessoryType { case none, disclosureIndicator, detailButton, checkmark }

    var style: CellStyle = .default
    var text = ""
    var detailText = ""
    var accessoryType: AccessoryType = .none

    override func prepareForReuse() {
        super.prepareForReuse()
        style = .default
        text = ""
        detailText = ""
        accessoryType = .none
    }

    override var actionNames: [String] { accessoryType == .detailButton ? ["info"] : [] }

    override func layout() -> CellLayout {
        let content: CellLayout
        switch style {
        case .default:
            content = .text(text, width: .flexible)
        case .subtitle:
            content = .vstack([.text(text, width: .flexible), .text(detailText, style: Style(attributes: .dim), width: .flexible)])
        case .value1:
            content = .hstack(spacing: 1, [.text(text, width: .flexible),
                                           .text(detailText, style: Style(attributes: .dim), alignment: .right).priority(-1)])
        case .value2:
            content = .hstack(spacing: 1, [.text(detailText, style: Style(foreground: .blue), width: .fixed(9), alignment: .right),
                                           .text(text, width: .flexible)])
        }
        guard let accessory = accessoryLayout else { return content.padding(horizontal: 1) }
        return .hstack(spacing: 1, [content, accessory]).padding(horizontal: 1)
    }

    private var accessoryLayout: CellLayout? {
        switch accessoryType {
        case .none: return nil
        case .disclosureIndicator: return .glyph(prefersASCII ? ">" : "›", style: Style(foreground: .brightBlack)).priority(1)
        case .detailButton: return .glyph("(i)", style: Style(foreground: .blue, attributes: .bold)).tag("info").priority(1)
        case .checkmark: return .glyph(prefersASCII ? "v" : "✓", style: Style(foreground: .blue, attributes: .bold)).priority(1)
        }
    }
}

/// A row of the settings list.
struct SettingsRow: Sendable {
    let text: String
    let detail: String
    let style: String
    let accessory: String
}

/// Says which detail button was pressed (UIKit: `accessoryButtonTappedForRowWith`).
final class AccessoryButtonDelegate: DataTableDelegate {
    func dataTable(_ view: DataTableView, didTapAction action: String, row: Int, sourceRow: Int) {
        view.notice = "detail button of row \(row + 1)"
    }
}

enum TableStylesExample {
    static let example = Example(
        name: "table-styles",
        summary: "UITableViewCell styles (basic, subtitle, left and right detail) with accessories › (i) ✓",
        make: make)

    static let rows: [SettingsRow] = [
        SettingsRow(text: "Airplane Mode", detail: "", style: "default", accessory: "none"),
        SettingsRow(text: "Wi-Fi", detail: "Home", style: "value1", accessory: "disclosure"),
        SettingsRow(text: "Bluetooth", detail: "On", style: "value1", accessory: "disclosure"),
        SettingsRow(text: "Ada Lovelace", detail: "Apple Account, iCloud and more", style: "subtitle", accessory: "detail"),
        SettingsRow(text: "ada@analytical.engine", detail: "email", style: "value2", accessory: "none"),
        SettingsRow(text: "+44 20 7946 0000", detail: "mobile", style: "value2", accessory: "detail"),
        SettingsRow(text: "English", detail: "", style: "default", accessory: "checkmark"),
        SettingsRow(text: "Français", detail: "", style: "default", accessory: "none"),
    ]

    static func make() -> ExampleTable {
        let delegate = AccessoryButtonDelegate()
        let settings = DataTableColumn<SettingsRow>("Settings").cell { (cell: StyledTableCell, row, _) in
            cell.text = row.text
            cell.detailText = row.detail
            switch row.style {
            case "subtitle": cell.style = .subtitle
            case "value1": cell.style = .value1
            case "value2": cell.style = .value2
            default: cell.style = .default
            }
            switch row.accessory {
            case "disclosure": cell.accessoryType = .disclosureIndicator
            case "detail": cell.accessoryType = .detailButton
            case "checkmark": cell.accessoryType = .checkmark
            default: cell.accessoryType = .none
            }
        }
        var configuration = DataTableConfiguration()
        configuration.rowHeightMode = .automatic(estimated: 1)
        configuration.columnWidthMode = .fixed(width: 44)
        configuration.showsAlternatingRowColors = false
        let table = DataTable(data: rows, columns: [settings], options: configuration)
        table.view.delegate = delegate
        return ExampleTable(view: table.view, keeping: [table, delegate])
    }
}
