import DataTableApp
import TerminalSurface

/// `COL[:VALUE=COLOUR,...]` (`--badge`): a column shown as coloured badges, with colours for
/// values (lower-cased) that add to the defaults.
struct BadgeSpec {
    var column: ColumnReference
    var colors: [String: Color] = [:]
}

extension BadgeSpec: OptionValue {
    init(_ text: String, option: String) throws(OptionValueError) {
        let (name, pairs) = ColumnReference.split(text, at: ":")
        self.init(column: ColumnReference(name))
        for pair in pairs?.split(separator: ",") ?? [] {
            let (value, colorName) = ColumnReference.split(String(pair), at: "=")
            guard let colorName, let color = ConfigurationFile.color(named: colorName), !value.isEmpty else {
                let names = ConfigurationFile.colorNames.map(\.name).joined(separator: ", ")
                throw OptionValueError("\(option) \(TerminalText.excerpt(text, maxWidth: 80)): expected VALUE=COLOUR pairs after the column, like done=green,failed=red (colours: \(names), 0-255 or #rrggbb)")
            }
            colors[value.lowercased()] = color
        }
    }
}
