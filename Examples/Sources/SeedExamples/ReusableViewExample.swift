import DataTableKit
import TerminalSurface

/// A view a `HostingCell` can host: it draws itself, measures itself, and resets for reuse.
protocol HostedView: AnyObject {
    init()
    /// The view's content, laid out (rebuilt on every draw and measure).
    var body: CellLayout { get }
    /// Forgets the previous row's content.
    func prepareForReuse()
}

/// Seed 004: one generic cell class that hosts any view, so a new kind of content is a new view,
/// not a new cell class. Each `HostingCell<V>` is its own reuse identifier.
final class HostingCell<Content: HostedView>: LayoutCell {
    let content = Content()

    override func prepareForReuse() {
        super.prepareForReuse()
        content.prepareForReuse()
    }

    override func layout() -> CellLayout { content.body }
}

/// Stars out of five.
final class RatingView: HostedView {
    var rating = 0
    var usesASCII = false

    init() {}

    var body: CellLayout {
        let on = usesASCII ? "*" : "★", off = usesASCII ? "." : "☆"
        return .glyph(String(repeating: on, count: rating) + String(repeating: off, count: max(0, 5 - rating)),
                      style: Style(foreground: .yellow))
    }

    func prepareForReuse() { rating = 0 }
}

/// A progress bar with its percentage.
final class ProgressView: HostedView {
    var progress = 0.0

    init() {}

    var body: CellLayout {
        let percent = Int((progress * 100).rounded())
        return .hstack(spacing: 1, [
            .custom(width: .flexible(minimum: 5)) { region, style in
                let filled = Int((Double(region.width) * self.progress).rounded())
                region.put(String(repeating: "#", count: filled), at: Point(x: 0, y: 0),
                           style: style.patched(with: Style(foreground: .green)))
                region.put(String(repeating: "-", count: region.width - filled), at: Point(x: filled, y: 0),
                           style: style.patched(with: Style(foreground: .brightBlack)))
            },
            .glyph("\(percent)%", width: .fixed(4), alignment: .right),
        ])
    }

    func prepareForReuse() { progress = 0 }
}

/// A course with a rating and the progress made.
struct Course: Sendable {
    let title: String
    let rating: Int
    let progress: Double
}

enum ReusableViewExample {
    static let example = Example(
        name: "reusable-view",
        summary: "HostingCell<View>: one generic cell hosting any view, one reuse identifier per hosted view",
        make: make)

    static let courses: [Course] = [
        Course(title: "Swift concurrency", rating: 5, progress: 1.0),
        Course(title: "Terminal UIs with ncurses", rating: 4, progress: 0.62),
        Course(title: "Unicode text layout", rating: 3, progress: 0.25),
        Course(title: "CSV, the hard parts", rating: 4, progress: 0.0),
    ]

    static func make() -> ExampleTable {
        // Each column names the view its cell hosts (UIKit: a `CellRegistration<Cell, Item>` per kind).
        var configuration = DataTableConfiguration()
        configuration.columnWidthModeProvider = { $0 == 2 ? .fixed(width: 24) : nil }
        let columns: [DataTableColumn<Course>] = [
            .init("Course", \.title),
            .init("Rating", sortedBy: { $0.rating }).cell { (cell: HostingCell<RatingView>, course, _) in
                cell.content.rating = course.rating
                cell.content.usesASCII = cell.prefersASCII
            },
            .init("Progress", sortedBy: { $0.progress }).cell { (cell: HostingCell<ProgressView>, course, _) in
                cell.content.progress = course.progress
            },
        ]
        let table = DataTable(data: courses, columns: columns, options: configuration)
        return ExampleTable(view: table.view, keeping: [table])
    }
}
