import DataTableKit
import TerminalSurface

/// Seed: a product cell of two labels in a vertical chain: the name label pinned to the top,
/// the detail label pinned below it and to the bottom. The name wraps (`numberOfLines = 0`), and
/// the row grows to fit both (`heightThatFits` is the chain's height, as Auto Layout would
/// compute it from the constraints).
final class ProductCell: DataTableCell {
    var nameLabel = ProductCell.makeNameLabel()
    var detailLabel = ProductCell.makeDetailLabel()

    static func makeNameLabel() -> Label {
        var label = Label(style: Style(attributes: .bold))
        label.numberOfLines = 0
        label.lineBreakMode = .byWordWrapping
        return label
    }

    static func makeDetailLabel() -> Label {
        var label = Label(style: Style(attributes: .dim))
        label.numberOfLines = 1
        return label
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        nameLabel = Self.makeNameLabel()
        detailLabel = Self.makeDetailLabel()
    }

    /// top of name = top of cell; top of detail = bottom of name; bottom of detail = bottom of cell.
    override func heightThatFits(width: Int) -> Int {
        nameLabel.height(forWidth: width) + detailLabel.height(forWidth: width)
    }

    override func draw(in region: SurfaceRegion) {
        super.draw(in: region)
        let nameHeight = min(region.height, nameLabel.height(forWidth: region.width))
        nameLabel.draw(in: region.region(Rect(x: 0, y: 0, width: region.width, height: nameHeight)))
        detailLabel.draw(in: region.region(Rect(x: 0, y: nameHeight, width: region.width,
                                                height: region.height - nameHeight)))
    }

    /// Columns fitted to content are as wide as the longer label, up to the configuration's cap.
    override var preferredWidth: Int? {
        max(nameLabel.text.count, detailLabel.text.count)
    }
}

enum ProductCellExample {
    static let example = Example(
        name: "product-cell",
        summary: "ProductCell: two labels in a vertical chain; the name wraps and the row grows",
        make: make)

    static func make() -> ExampleTable {
        let columns: [DataTableColumn<Product>] = [
            .init("Product", \.name).cell { (cell: ProductCell, product, _) in
                cell.nameLabel.text = product.name
                cell.detailLabel.text = "SKU \(product.sku) · \(product.stock == 0 ? "sold out" : "\(product.stock) in stock")"
            },
            .init("Price", extract: { .string("$" + String(format2: $0.price)) }, sortedBy: { $0.price })
                .cell { (cell: TextCell, _, context) in
                    cell.label.text = context.value.stringRepresentation
                    cell.label.alignment = .right
                },
            .init("Stock", \.stock),
        ]
        var configuration = DataTableConfiguration()
        configuration.rowHeightMode = .automatic(estimated: 2)
        configuration.columnWidthModeProvider = { $0 == 0 ? .fixed(width: 30) : nil }
        let table = DataTable(data: sampleProducts, columns: columns, options: configuration)
        return ExampleTable(view: table.view, keeping: [table])
    }
}
