/// Where a row goes on screen when it is scrolled into view, as UIKit's
/// `UITableView.ScrollPosition` (`scrollToRow(at:at:animated:)`).
public enum DataTableScrollPosition: Hashable, Sendable {
    /// The least scrolling that shows the row whole (none when it is already on screen):
    /// UIKit's `.none`.
    case nearest
    /// The row is the first on screen.
    case top
    /// The row is in the middle of the body.
    case middle
    /// The row is the last on screen, its last line on the body's last line.
    case bottom
}
