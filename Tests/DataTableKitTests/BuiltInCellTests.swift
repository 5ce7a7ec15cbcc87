import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

@Suite struct BuiltInCellTests {
    typealias R = CellRendering

    /// Every kind, configured, at every width from 0 to 30 and heights 1 and 2: never outside its region.
    @Test func noKindDrawsOutsideItsRegion() {
        for cell in sampleCells() {
            for ascii in [false, true] {
                cell.prefersASCII = ascii
                for width in 0...30 {
                    for height in 1...2 {
                        #expect(R.staysInside(cell, width: width, height: height), "\(type(of: cell)) at \(width)x\(height)")
                    }
                }
                #expect(cell.heightThatFits(width: 0) >= 1)
            }
        }
    }

    func sampleCells() -> [DataTableCell] {
        let badge = BadgeCell()
        badge.configure(with: .string("pending"))
        let progress = ProgressBarCell()
        progress.configure(with: .double(0.74))
        let avatar = AvatarCell()
        avatar.configure(with: .string("Ada Lovelace"))
        let buttons = ActionButtonsCell()
        buttons.buttons = ["Edit", "Delete"]
        buttons.pressedAction = "Edit"
        let subtitle = SubtitleCell()
        subtitle.configure(with: .string("Ada Lovelace\nAnalyst"))
        let rightDetail = RightDetailCell()
        rightDetail.configure(with: .string("Disk\n74 GB"))
        let sparkline = SparklineCell()
        sparkline.configure(with: .string("3 5 2 8 1 9 4 4 6 7 2 3 5 8 9 1 2 3 4 5 6 7 8 9 1 2 3 4 5 6 7 8"))
        return [badge, progress, avatar, buttons, subtitle, rightDetail, sparkline]
    }

    // MARK: - BadgeCell

    @Test func badgeDrawsADotAndTheValueInItsColour() {
        let cell = BadgeCell()
        cell.configure(with: .string("Active"))
        #expect(R.line(cell, width: 10) == "|● Active  |")
        let surface = R.surface(width: 10) { cell.draw(in: $0) }
        #expect(surface[0, 0].style.foreground == .palette(34))
        #expect(surface[2, 0].style.foreground == .palette(34))
        #expect(surface[9, 0].style == .plain)
        cell.text = "FAILED"
        #expect(cell.resolvedColor == .palette(160))
        cell.text = "waiting"
        #expect(cell.resolvedColor == .palette(178))
        cell.text = "none"
        #expect(cell.resolvedColor == .palette(244))
        cell.text = "shipped"
        #expect(cell.resolvedColor == .default)
        cell.colors["Shipped"] = .blue
        #expect(cell.resolvedColor == .blue)
        cell.color = .magenta
        #expect(cell.resolvedColor == .magenta)
        cell.configure(with: .bool(true))
        #expect(cell.text == "true")
    }

    @Test func badgeDegradesDotFirstThenTruncates() {
        let cell = BadgeCell()
        cell.text = "active"
        #expect([20, 8, 7, 6, 3, 1, 0].map { R.line(cell, width: $0) } == [
            "|● active            |", "|● active|", "|active |", "|active|", "|ac…|", "|…|", "||",
        ])
        cell.prefersASCII = true
        #expect(R.line(cell, width: 10) == "|* active  |")
    }

    @Test func badgeBracketsAndPill() {
        let cell = BadgeCell()
        cell.text = "pending"
        cell.appearance = .brackets
        #expect([12, 10, 9, 6].map { R.line(cell, width: $0) } == ["|[ pending ] |", "|[pending] |", "|[pending]|", "|pendi…|"])
        let surface = R.surface(width: 11) { cell.draw(in: $0) }
        #expect(surface[0, 0].style == Style(attributes: .dim))
        #expect(surface[2, 0].style == Style(foreground: .palette(178)))
        cell.appearance = .pill
        cell.text = "error"
        #expect([8, 6, 4].map { R.line(cell, width: $0) } == ["| error  |", "|error |", "|err…|"])
        let pill = R.surface(width: 8) { cell.draw(in: $0) }
        #expect((0..<8).map { pill[$0, 0].style.background } == Array(repeating: .palette(160), count: 7) + [.default])
        cell.prepareForReuse()
        #expect(cell.appearance == .dot && cell.text.isEmpty && cell.color == nil && cell.colors == BadgeCell.defaultColors)
    }

    @Test func badgeStylesAreLaidOverTheRowBackground() {
        let cell = BadgeCell()
        cell.text = "ok"
        cell.backgroundStyle = Style(background: .palette(236))
        let surface = R.surface(width: 6) { cell.draw(in: $0) }
        #expect(surface[0, 0].style == Style(foreground: .palette(34), background: .palette(236)))
        #expect(surface[5, 0].style == Style(background: .palette(236)))
    }

    // MARK: - ProgressBarCell

    @Test func progressBarUsesEighthBlocks() {
        let cell = ProgressBarCell()
        cell.fraction = 0.74
        // 20 columns: a 15-column bar (74% of 120 eighths = 88.8, 89 eighths: 11 full + 1/8), a space, " 74%".
        #expect(R.line(cell, width: 20) == "|███████████▏     74%|")
        // 14 columns: 9 of bar, 53 eighths.
        #expect(R.line(cell, width: 14) == "|██████▋    74%|")
        #expect(R.line(cell, width: 8) == "|██▎  74%|")
        #expect(R.line(cell, width: 7) == "|    74%|")
        #expect(R.line(cell, width: 3) == "|74%|")
        #expect(R.line(cell, width: 2) == "|  |")
        #expect(R.line(cell, width: 0) == "||")
        #expect(ProgressBarCell.bar(fraction: 1, columns: 4, ascii: false) == "████")
        #expect(ProgressBarCell.bar(fraction: 0.5 / 8, columns: 1, ascii: false) == "\u{258F}")
        #expect(ProgressBarCell.bar(fraction: 7 / 8, columns: 1, ascii: false) == "\u{2589}")
        #expect(ProgressBarCell.bar(fraction: 2, columns: 3, ascii: true) == "###")
        #expect(ProgressBarCell.bar(fraction: -1, columns: 3, ascii: false) == "")
        let surface = R.surface(width: 14) { cell.draw(in: $0) }
        #expect(surface[0, 0].style.foreground == .palette(34))
        #expect(surface[13, 0].style == .plain)
    }

    @Test func progressBarInASCII() {
        let cell = ProgressBarCell()
        cell.fraction = 0.74
        cell.prefersASCII = true
        #expect(R.line(cell, width: 14) == "|#######    74%|")
    }

    @Test func progressBarReadsNumbersOnItsScale() {
        let cell = ProgressBarCell()
        let cases: [(DataTableValueType, ProgressBarCell.Scale, Double?)] = [
            (.double(0.5), .fraction, 0.5), (.int(1), .fraction, 1), (.int(74), .fraction, 74),
            (.int(74), .percent, 0.74), (.double(0.8), .percent, 0.008), (.double(0.8), .fraction, 0.8),
            (.string("74%"), .fraction, 0.74), (.string(" 12.5 % "), .maximum(5), 0.125),
            (.int(3), .maximum(4), 0.75), (.string("2"), .maximum(8), 0.25), (.int(3), .maximum(0), nil),
            (.null, .percent, nil), (.string("n/a"), .fraction, nil), (.string("nan"), .percent, nil),
        ]
        for (value, scale, expected) in cases {
            cell.prepareForReuse()
            #expect(cell.scale == .fraction)
            cell.scale = scale
            cell.configure(with: value)
            #expect(cell.fraction == expected, "\(value) on \(scale)")
        }
        cell.configure(with: .null)
        #expect(R.line(cell, width: 10) == "|          |")
        cell.fraction = 1.2
        #expect(R.line(cell, width: 10) == "|█████ 120%|")
    }

    /// 0.8% CPU is a sliver on `.percent`, never 80% (the guess that values up to 1 are fractions is gone).
    @Test func progressBarDoesNotGuessTheScale() {
        let cell = ProgressBarCell()
        cell.scale = .percent
        cell.configure(with: .double(0.8))
        #expect(R.line(cell, width: 14) == "|▏           1%|")
        cell.scale = .fraction
        cell.configure(with: .double(0.8))
        #expect(R.line(cell, width: 14) == "|███████▎   80%|")
        #expect(ProgressBarCell.Scale.percent.upperBound == 100 && ProgressBarCell.Scale.maximum(5).upperBound == 5)
        #expect(ProgressBarCell.number(of: .string(" 74 % "))! == (74, true))
        #expect(ProgressBarCell.number(of: .int(3))! == (3, false))
        #expect(ProgressBarCell.number(of: .string("x")) == nil)
    }

    // MARK: - AvatarCell

    @Test func avatarInitials() {
        #expect(AvatarCell.initials(of: "Ada Lovelace") == "AL")
        #expect(AvatarCell.initials(of: "ada  king  lovelace") == "AL")
        #expect(AvatarCell.initials(of: "Plato") == "PL")
        #expect(AvatarCell.initials(of: "X") == "X")
        #expect(AvatarCell.initials(of: "李小龙") == "李")
        #expect(AvatarCell.initials(of: "O'Brien, Conan 🍀") == "OC")
        #expect(AvatarCell.initials(of: "42 Ltd") == "LT")
        #expect(AvatarCell.initials(of: "🍀") == "🍀")
        #expect(AvatarCell.initials(of: "山田 太郎") == "山")
        #expect(AvatarCell.initials(of: "  ") == "")
        #expect(AvatarCell.initials(of: "élodie durand") == "ÉD")
    }

    @Test func avatarChipColourIsStablePerName() {
        // FNV-1a of "" is the offset basis; of "a" the published value.
        #expect(AvatarCell.stableHash("") == 0xcbf2_9ce4_8422_2325)
        #expect(AvatarCell.stableHash("a") == 0xaf63_dc4c_8601_ec8c)
        let a = AvatarCell(), b = AvatarCell()
        a.name = "Ada Lovelace"
        b.name = "Ada Lovelace"
        #expect(a.resolvedChipColor == b.resolvedChipColor)
        let colours = Set(["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov", "Ken Thompson"].map { name in
            a.name = name
            return a.resolvedChipColor
        })
        #expect(colours.count > 2)
        #expect(colours.isSubset(of: Set(AvatarCell.defaultPalette)))
    }

    @Test func avatarDrawsChipThenNameAndDegrades() {
        let cell = AvatarCell()
        cell.configure(with: .string("Ada Lovelace"))
        #expect([20, 17, 10, 8, 7, 4, 3, 1, 0].map { R.line(cell, width: $0) } == [
            "| AL  Ada Lovelace   |", "| AL  Ada Lovelace|", "| AL  Ada …|", "| AL  Ad…|", "| AL    |", "| AL |", "|AL |", "|A|", "||",
        ])
        let surface = R.surface(width: 20) { cell.draw(in: $0) }
        let chip = Style(foreground: .palette(231), background: cell.resolvedChipColor, attributes: .bold)
        #expect((0..<4).allSatisfy { surface[$0, 0].style == chip })
        #expect(surface[4, 0].style == .plain)
        #expect(surface[5, 0].style == .plain)
        cell.prepareForReuse()
        #expect(cell.name.isEmpty && cell.chipColor == nil)
        #expect(R.line(cell, width: 5) == "|     |")
    }

    // MARK: - ActionButtonsCell

    func buttonsCell() -> ActionButtonsCell {
        let cell = ActionButtonsCell()
        cell.buttons = ["Edit", "Delete"]
        return cell
    }

    @Test func buttonsShortenTheirLabelsWhenNarrow() {
        let cell = buttonsCell()
        #expect(cell.actionNames == ["Edit", "Delete"])
        #expect([30, 19, 18, 15, 14, 7, 6, 3, 2, 0].map { R.line(cell, width: $0) } == [
            "|[ Edit ] [ Delete ]           |", "|[ Edit ] [ Delete ]|", "|[Edit] [Delete]   |", "|[Edit] [Delete]|",
            "|[E] [D]       |", "|[E] [D]|", "|[E]   |", "|[E]|", "|  |", "||",
        ])
    }

    @Test func buttonsHitTestTheirOwnAreaOnly() {
        let cell = buttonsCell()
        let size = Size(width: 30, height: 2)
        #expect(cell.action(at: Point(x: 0, y: 0), size: size) == "Edit")
        #expect(cell.action(at: Point(x: 7, y: 0), size: size) == "Edit")
        #expect(cell.action(at: Point(x: 8, y: 0), size: size) == nil)
        #expect(cell.action(at: Point(x: 9, y: 0), size: size) == "Delete")
        #expect(cell.action(at: Point(x: 18, y: 0), size: size) == "Delete")
        #expect(cell.action(at: Point(x: 19, y: 0), size: size) == nil)
        #expect(cell.action(at: Point(x: 3, y: 1), size: size) == nil)
        // Compact: "[E] [D]".
        #expect(cell.action(at: Point(x: 5, y: 0), size: Size(width: 7, height: 1)) == "Delete")
        #expect(cell.action(at: Point(x: 3, y: 0), size: Size(width: 7, height: 1)) == nil)
        // A button cut off is neither drawn nor hittable.
        #expect(cell.action(at: Point(x: 4, y: 0), size: Size(width: 6, height: 1)) == nil)
        #expect(cell.action(at: Point(x: 1, y: 0), size: Size(width: 6, height: 1)) == "Edit")
        #expect(cell.action(at: Point(x: 0, y: 0), size: Size(width: 2, height: 1)) == nil)
        #expect(cell.action(at: Point(x: 0, y: 0), size: .zero) == nil)
    }

    @Test func thePressedButtonIsDrawnReversed() {
        let cell = buttonsCell()
        cell.pressedAction = "Delete"
        let surface = R.surface(width: 20) { cell.draw(in: $0) }
        #expect((0..<8).allSatisfy { surface[$0, 0].style == Style(attributes: .bold) })
        #expect(surface[8, 0].style == .plain)
        #expect((9..<19).allSatisfy { surface[$0, 0].style == Style(attributes: [.bold, .reverse, .underline]) })
        #expect(surface[19, 0].style == .plain)
        cell.prepareForReuse()
        #expect(cell.buttons.isEmpty && cell.pressedAction == nil)
        #expect(R.line(cell, width: 4) == "|    |")
    }

    // MARK: - SubtitleCell

    @Test func subtitleShowsTitleAndDimDetailBelow() {
        let cell = SubtitleCell()
        cell.configure(with: .string("Ada Lovelace\nAnalyst"))
        #expect(cell.title == "Ada Lovelace" && cell.detail == "Analyst")
        #expect(cell.heightThatFits(width: 20) == 2)
        #expect(R.rows(cell, width: 15, height: 2) == ["|Ada Lovelace   |", "|Analyst        |"])
        #expect(R.rows(cell, width: 10, height: 2) == ["|Ada Lovel…|", "|Analyst   |"])
        #expect(R.rows(cell, width: 10, height: 1) == ["|Ada Lovel…|"])
        #expect(R.rows(cell, width: 1, height: 2) == ["|…|", "|…|"])
        let surface = R.surface(width: 12, height: 2) { cell.draw(in: $0) }
        #expect(surface[0, 0].style == Style(attributes: .bold))
        #expect(surface[0, 1].style == Style(attributes: .dim))
        cell.detail = ""
        #expect(cell.heightThatFits(width: 20) == 1)
        cell.prepareForReuse()
        #expect(cell.heightThatFits(width: 20) == 1)
        cell.configure(with: .string("one line"))
        #expect(cell.title == "one line" && cell.detail.isEmpty)
    }

    // MARK: - RightDetailCell

    @Test func rightDetailDropsTheDetailFirst() {
        let cell = RightDetailCell()
        cell.configure(with: .string("Disk\n74 GB"))
        #expect([20, 10, 9, 8, 3, 0].map { R.line(cell, width: $0) } == [
            "|Disk           74 GB|", "|Disk 74 GB|", "|Di… 74 GB|", "|Disk    |", "|Di…|", "||",
        ])
        let surface = R.surface(width: 10) { cell.draw(in: $0) }
        #expect(surface[0, 0].style == .plain)
        #expect(surface[9, 0].style == Style(attributes: .dim))
        cell.text = ""
        #expect(R.line(cell, width: 8) == "|   74 GB|")
        #expect(cell.heightThatFits(width: 8) == 1)
    }

    // MARK: - SparklineCell

    @Test func sparklineScalesFromMinimumToMaximum() {
        let cell = SparklineCell()
        for text in ["3 5 2 8", "3,5,2,8", "3; 5; 2; 8", "3 x 5 2 8"] {
            cell.configure(with: .string(text))
            #expect(cell.values == [3, 5, 2, 8], "\(text)")
        }
        #expect([6, 4, 2, 0].map { R.line(cell, width: $0) } == ["|▂▅▁█  |", "|▂▅▁█|", "|▁█|", "||"])
        cell.prefersASCII = true
        #expect(R.line(cell, width: 4) == "|.=_#|")
        #expect(SparklineCell.sparkline([4, 4]) == "▄▄")
        #expect(SparklineCell.sparkline([]) == "")
        cell.configure(with: .int(7))
        #expect(cell.values == [7])
        cell.configure(with: .null)
        #expect(R.line(cell, width: 3) == "|   |")
        let surface = R.surface(width: 1) { SparklineCell.init().draw(in: $0) }
        #expect(surface[0, 0].style == .plain)
    }

    @Test func sparklineStyle() {
        let cell = SparklineCell()
        cell.values = [1, 2]
        let surface = R.surface(width: 2) { cell.draw(in: $0) }
        #expect(surface[0, 0].style.foreground == .palette(39))
    }

    @Test func hugeFieldsCostWhatTheCellShows() {
        let huge = String(repeating: "y", count: 1_000_000)
        let badge = BadgeCell()
        badge.text = huge
        #expect(R.line(badge, width: 5) == "|yyyy…|")
        let avatar = AvatarCell()
        avatar.name = huge
        #expect(R.line(avatar, width: 10) == "| YY  yyyy…|")
        let detail = RightDetailCell()
        detail.text = huge
        detail.detail = "x"
        #expect(R.line(detail, width: 6) == "|yyy… x|")
    }
}

@Suite struct BuiltInCellEdgeTests {
    typealias R = CellRendering

    @Test func sparklinesSkipNonFiniteValuesAndReadOnlyTheStartOfAHugeField() {
        #expect(SparklineCell.sparkline([1, .nan, 3, .infinity]) == "▁█")
        let huge = String(repeating: "1 2 ", count: 2_000_000)
        let cell = SparklineCell()
        cell.configure(with: .string(huge))
        #expect(cell.values.count == SparklineCell.numbersTextLimit / 2)  // two numbers per 4 bytes
    }

    @Test func progressShowsWidePercentagesAndReadsNegativePercents() {
        let cell = ProgressBarCell()
        cell.scale = .percent
        cell.configure(with: .int(1000))
        #expect(R.line(cell, width: 10).contains("1000%"))
        cell.prepareForReuse()
        cell.scale = .percent
        cell.configure(with: .int(-50))
        #expect(cell.fraction == -0.5)
        cell.prepareForReuse()
        cell.configure(with: .string(String(repeating: "9", count: 1_000)))
        #expect(cell.fraction == nil)
    }

    @Test func aShortNameIsShownBesideItsChip() {
        let cell = AvatarCell()
        cell.configure(with: .string("Al"))
        #expect(R.line(cell, width: 7) == "| AL  Al|")
    }

    @Test func emptyButtonNamesAreNeitherDrawnNorFired() {
        let cell = ActionButtonsCell()
        cell.buttons = ["Edit", "", "Delete"]
        #expect(cell.actionNames == ["Edit", "Delete"])
    }

    @Test func subtitlesSplitAtTheFirstLineBreakWithinTheStartOfTheField() {
        #expect(splitFirstLine("title\r\ndetail") == ("title", "detail"))
        #expect(splitFirstLine("title\ndetail\nmore") == ("title", "detail\nmore"))
        let long = String(repeating: "x", count: 10_000) + "\nlate"
        #expect(splitFirstLine(long).1 == "")
    }
}
