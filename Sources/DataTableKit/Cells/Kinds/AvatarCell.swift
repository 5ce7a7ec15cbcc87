import TerminalSurface

/// A name with a coloured chip of its initials before it: ` AL ` then `Ada Lovelace`.
///
/// The initials are the first letters of the first and last words, uppercased (one word: its
/// first two letters), keeping only what fits 2 columns, so a CJK name gets one ideograph.
/// The chip's colour is picked from `palette` by a hash of the name that is the same in every
/// run (FNV-1a), so a person keeps their colour. Narrow: the chip alone, then the chip cut.
public final class AvatarCell: LayoutCell {
    /// The identifier the table's built-in providers register it under.
    public static let reuseIdentifier = "avatar"

    /// Backgrounds for the chips (256-colour palette), all readable under white text.
    public static let defaultPalette: [Color] = [25, 30, 61, 65, 97, 131, 136, 166, 24, 66, 96, 133].map { .palette($0) }

    /// The name shown and abbreviated.
    public var name = ""
    /// The chip's background; nil to pick one from `palette` by the name.
    public var chipColor: Color?
    /// The backgrounds a name's chip is picked from.
    public var palette: [Color] = AvatarCell.defaultPalette

    /// An empty cell (the registry makes cells with it).
    public required init() {}

    /// Resets every property to its default.
    public override func prepareForReuse() {
        super.prepareForReuse()
        name = ""
        chipColor = nil
        palette = AvatarCell.defaultPalette
    }

    /// Shows `value`'s text as the name.
    public func configure(with value: DataTableValueType) {
        name = value.stringRepresentation
    }

    /// Up to 2 columns of initials from the first and last words that start with a letter:
    /// `Ada Lovelace` gives `AL`, `O'Brien, Conan 🍀` gives `OC`, `Plato` gives `PL`, `李小龙`
    /// gives `李`; a name with no letters gives its first character.
    /// - Complexity: O(n) in the name's length, up to its first 256 characters.
    public static func initials(of name: String) -> String {
        let words = name.prefix(256).split(whereSeparator: { $0 == " " || $0 == "\t" })
        let lettered = words.filter { $0.first?.isLetter == true }
        var candidates: [Character]
        if let first = lettered.first, let last = lettered.last, lettered.count >= 2 {
            candidates = [first.first!, last.first!]
        } else if let only = lettered.first {
            candidates = Array(only.filter(\.isLetter).prefix(2))
        } else {
            candidates = words.first.map { Array($0.prefix(1)) } ?? []
        }
        var initials = "", used = 0
        for c in candidates {
            let upper = String(c).uppercased()
            let w = upper.displayWidth
            if used + w > 2 { break }
            initials += upper
            used += w
        }
        return initials
    }

    /// The 64-bit FNV-1a hash of the text's UTF-8 (its first 1,024 bytes): the same in every
    /// process, unlike `Hasher`, which is seeded per process.
    public static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8.prefix(1_024) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The chip's background: `chipColor`, else the name's entry of `palette`.
    public var resolvedChipColor: Color {
        if let chipColor { return chipColor }
        guard !palette.isEmpty else { return .default }
        return palette[Int(AvatarCell.stableHash(name) % UInt64(palette.count))]
    }

    /// The cell's layout: the chip of initials, then the name.
    public override func layout() -> CellLayout {
        guard !name.isEmpty else { return .empty }
        let chip = Style(foreground: .palette(231), background: resolvedChipColor, attributes: .bold)
        return .hstack(spacing: 1, [
            .text(AvatarCell.initials(of: name), style: chip, width: .fixed(4), alignment: .center, ellipsis: "")
                .background().priority(1),
            .text(name, width: .flexible(minimum: min(3, CellLayout.measuredWidth(of: name)))),
        ])
    }
}
