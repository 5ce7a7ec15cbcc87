/// The state of a table's data as sections of items with stable identities, after UIKit's
/// `NSDiffableDataSourceSnapshot`: build one, then hand it to the table to show it.
///
/// Identities are unique across the whole snapshot (appending an identity already present
/// is a programming error and traps, as in UIKit). Items whose content changed while their
/// identity stayed are marked with `reloadItems(_:)` or `reconfigureItems(_:)`.
public struct DataTableSnapshot<SectionID: Hashable, ItemID: Hashable> {
    /// One section: its identity and its items in order.
    struct Section {
        var id: SectionID
        var items: [ItemID]
    }

    var sections: [Section] = []
    /// Section index of each section identity.
    var sectionIndex: [SectionID: Int] = [:]
    /// Section identity of each item.
    var sectionOfItem: [ItemID: SectionID] = [:]
    /// Items marked as reloaded (content changed).
    public private(set) var reloadedItemIdentifiers: Set<ItemID> = []
    /// Items marked as reconfigured (content changed, the cell kept).
    public private(set) var reconfiguredItemIdentifiers: Set<ItemID> = []

    /// An empty snapshot.
    public init() {}

    /// The number of sections.
    public var numberOfSections: Int { sections.count }
    /// The number of items in all sections.
    public var numberOfItems: Int { sectionOfItem.count }
    /// The section identities, in order.
    public var sectionIdentifiers: [SectionID] { sections.map(\.id) }
    /// All item identities, section after section.
    /// - Complexity: O(n).
    public var itemIdentifiers: [ItemID] { sections.flatMap(\.items) }

    /// The items of `section` (empty when there is no such section).
    public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
        sectionIndex[section].map { sections[$0].items } ?? []
    }

    /// The number of items in `section` (0 when there is no such section).
    public func numberOfItems(inSection section: SectionID) -> Int {
        sectionIndex[section].map { sections[$0].items.count } ?? 0
    }

    /// The section holding `item`, if any.
    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? { sectionOfItem[item] }

    /// Whether `item` is in the snapshot.
    public func contains(_ item: ItemID) -> Bool { sectionOfItem[item] != nil }

    /// The position of `item` among all items (section after section), if present.
    /// - Complexity: O(n).
    public func indexOfItem(_ item: ItemID) -> Int? {
        guard let section = sectionOfItem[item], let index = sectionIndex[section] else { return nil }
        let before = sections[..<index].reduce(0) { $0 + $1.items.count }
        return sections[index].items.firstIndex(of: item).map { before + $0 }
    }

    /// Appends sections at the end. Traps on an identity already present.
    public mutating func appendSections(_ identifiers: [SectionID]) {
        for id in identifiers {
            precondition(sectionIndex[id] == nil, "DataTableSnapshot: section \(id) appended twice")
            sectionIndex[id] = sections.count
            sections.append(Section(id: id, items: []))
        }
    }

    /// Appends items at the end of `section` (the last section when nil; one is required).
    /// Traps on an identity already present or when there is no such section.
    /// - Complexity: O(items appended).
    public mutating func appendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil) {
        guard let index = section.flatMap({ sectionIndex[$0] }) ?? (section == nil && !sections.isEmpty ? sections.count - 1 : nil)
        else { preconditionFailure("DataTableSnapshot: appendItems to a section that is not in the snapshot") }
        let sectionID = sections[index].id
        sections[index].items.reserveCapacity(sections[index].items.count + identifiers.count)
        for id in identifiers {
            precondition(sectionOfItem.updateValue(sectionID, forKey: id) == nil,
                         "DataTableSnapshot: item \(id) appended twice")
            sections[index].items.append(id)
        }
    }

    /// Removes items (those not present are ignored).
    /// - Complexity: O(n) for the sections touched.
    public mutating func deleteItems(_ identifiers: [ItemID]) {
        var doomed: [SectionID: Set<ItemID>] = [:]
        for id in identifiers {
            guard let section = sectionOfItem.removeValue(forKey: id) else { continue }
            doomed[section, default: []].insert(id)
            reloadedItemIdentifiers.remove(id)
            reconfiguredItemIdentifiers.remove(id)
        }
        for (section, items) in doomed {
            guard let index = sectionIndex[section] else { continue }
            sections[index].items.removeAll { items.contains($0) }
        }
    }

    /// Removes every item and section.
    public mutating func deleteAllItems() { self = DataTableSnapshot() }

    /// Removes sections with their items (those not present are ignored).
    public mutating func deleteSections(_ identifiers: [SectionID]) {
        let doomed = Set(identifiers)
        for section in sections where doomed.contains(section.id) {
            deleteItems(section.items)
        }
        sections.removeAll { doomed.contains($0.id) }
        sectionIndex = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1.id, $0) })
    }

    /// Marks items whose content changed: the table configures their cells anew and measures
    /// their rows again. Items not in the snapshot are ignored.
    public mutating func reloadItems(_ identifiers: [ItemID]) {
        for id in identifiers where sectionOfItem[id] != nil { reloadedItemIdentifiers.insert(id) }
    }

    /// Marks items whose content changed, keeping their cells (in a terminal the same as
    /// `reloadItems(_:)`: the cell is configured again and the row measured again).
    public mutating func reconfigureItems(_ identifiers: [ItemID]) {
        for id in identifiers where sectionOfItem[id] != nil { reconfiguredItemIdentifiers.insert(id) }
    }

    /// Items marked by `reloadItems(_:)` or `reconfigureItems(_:)`.
    public var updatedItemIdentifiers: Set<ItemID> { reloadedItemIdentifiers.union(reconfiguredItemIdentifiers) }
}

extension DataTableSnapshot: Sendable where SectionID: Sendable, ItemID: Sendable {}
extension DataTableSnapshot.Section: Sendable where SectionID: Sendable, ItemID: Sendable {}
