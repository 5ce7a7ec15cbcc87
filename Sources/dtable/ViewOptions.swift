import DataTableApp

/// A view of a table written as dtable's options: the command line `:view` shows and the view
/// file `:view save` writes (`--view` reads it back). Each value is an option's text, read back
/// by that option's own parser (`SortSpec`, `ColumnFilterSpec`, `ColumnPattern`, …), so a view
/// means what the same command line means. See docs/decisions/0148-a-view-is-its-command-line.md.
struct ViewOptions: Equatable {
    /// The table's file (a view file: as an absolute path).
    var file: String?
    /// `--delimiter`, as opened.
    var delimiter: String?
    /// `--skip`, as opened.
    var skip: Int?
    /// `--no-header`, as opened.
    var noHeader = false
    /// `--null`, as opened.
    var nullTokens: [String] = []
    /// `--type`: the columns whose kind is set.
    var types: [String] = []
    /// `--columns`: the shown columns' titles as an anchored regex; nil when every column shows.
    var columns: String?
    /// `--freeze`.
    var freeze: Int?
    /// `--group-by`.
    var groupBy: String?
    /// `--sort`, the first key first.
    var sorts: [String] = []
    /// `--where`, oldest first.
    var wheres: [String] = []
    /// `--filter`.
    var filter: String?
    /// `--find`.
    var find: String?
    /// `--stripes` / `--no-stripes` (nil: as the terminal and the config file decide).
    var stripes: Bool?
    /// `--wrap` (`*`: every column).
    var wraps: [String] = []
    /// What the view holds that the options cannot say, or what a view file held that no
    /// longer fits: one phrase each ("column order (moved columns)"). Never written to a file.
    var dropped: [String] = []

    /// The view file format's version (`version = 1`).
    static let version = 1

    /// The options as words (without `dtable` and the file), in a fixed order: how the input is
    /// read, then columns, rows and their order, then looks.
    var arguments: [String] {
        var words: [String] = []
        if let delimiter { words += ["--delimiter", delimiter] }
        if let skip { words += ["--skip", String(skip)] }
        if noHeader { words.append("--no-header") }
        for token in nullTokens { words += ["--null", token] }
        for type in types { words += ["--type", type] }
        if let columns { words += ["--columns", columns] }
        if let freeze { words += ["--freeze", String(freeze)] }
        if let groupBy { words += ["--group-by", groupBy] }
        for sort in sorts { words += ["--sort", sort] }
        for filter in wheres { words += ["--where", filter] }
        if let filter { words += ["--filter", filter] }
        if let find { words += ["--find", find] }
        if let stripes { words.append(stripes ? "--stripes" : "--no-stripes") }
        for wrap in wraps { words += ["--wrap", wrap] }
        return words
    }

    /// `dtable OPTIONS FILE`, every word shell-quoted (`ShellWord`): pasted into a shell it
    /// opens this view. `file` is the path as the table was opened (nil: stdin or the demo,
    /// which get no file word).
    func commandLine(file: String?) -> String {
        ShellWord.commandLine(["dtable"] + arguments + (file.map { [$0] } ?? []))
    }
}

// MARK: - The view file

extension ViewOptions {
    /// The view file's keys: the long options' names (`types` as in the config file).
    enum Key: String, CaseIterable {
        case version, file, delimiter, skip, noHeader = "no-header", null, types, columns, freeze
        case groupBy = "group-by", sort, `where`, filter, find, stripes, wrap
    }

    /// The view as a TOML file, one key a line in `Key` order, with a comment saying what it is.
    var tomlText: String {
        var lines = ["# A dtable view: dtable --view THIS_FILE [FILE] opens it (written by :view save).",
                     "version = \(Self.version)"]
        func add(_ key: Key, _ value: TOMLValue?) {
            if let value { lines.append(key.rawValue + " = " + Self.toml(value)) }
        }
        func strings(_ texts: [String]) -> TOMLValue? { texts.isEmpty ? nil : .array(texts.map { .string($0) }) }
        add(.file, file.map { .string($0) })
        add(.delimiter, delimiter.map { .string($0) })
        add(.skip, skip.map { .integer($0) })
        add(.noHeader, noHeader ? .boolean(true) : nil)
        add(.null, strings(nullTokens))
        add(.types, strings(types))
        add(.columns, columns.map { .string($0) })
        add(.freeze, freeze.map { .integer($0) })
        add(.groupBy, groupBy.map { .string($0) })
        add(.sort, strings(sorts))
        add(.where, strings(wheres))
        add(.filter, filter.map { .string($0) })
        add(.find, find.map { .string($0) })
        add(.stripes, stripes.map { .boolean($0) })
        add(.wrap, strings(wraps))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `value` as TOML: a JSON string literal is a TOML basic string (the same escapes, control
    /// characters and DEL as `\uXXXX`); the keys are bare.
    static func toml(_ value: TOMLValue) -> String {
        switch value {
        case .string(let text): return JSONText.string(text)
        case .integer(let number): return String(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .array(let elements): return "[" + elements.map(toml).joined(separator: ", ") + "]"
        case .other(let phrase): return JSONText.string(phrase)
        }
    }

    /// Reads a view file's `document`. A key it does not know, or a value of the wrong type, is
    /// left out and named in `dropped` (a view file from a later dtable opens with what this one
    /// understands); the values are checked later, by the options' parsers (`DTableCommand.merge`).
    /// - Throws: `ConfigurationError` when the file is not a view (no `version`, or sections).
    init(document: TOMLDocument, fileName: String) throws(ConfigurationError) {
        guard document.tables.count == 1, let root = document[table: ""] else {
            let section = document.tables.first { !$0.name.isEmpty }
            throw ConfigurationError(fileName: fileName, line: section?.line, message: "a view file has no sections")
        }
        guard let version = root[Key.version.rawValue] else {
            throw ConfigurationError(fileName: fileName, line: nil, message: "not a dtable view: no version key")
        }
        if case .integer(let number) = version.value, number > Self.version {
            dropped.append("anything of view version \(number) this dtable does not know (it reads version \(Self.version))")
        }
        for entry in root.entries {
            guard let key = Key(rawValue: entry.key) else {
                dropped.append("the unknown key \(ColumnReference.quoted(entry.key)) (line \(entry.line))")
                continue
            }
            if !read(entry, as: key) {
                dropped.append("\(entry.key) = \(entry.value.phrase) (line \(entry.line): not a value \(entry.key) takes)")
            }
        }
    }

    /// Sets the value of `entry` for `key`; false when it has the wrong type.
    private mutating func read(_ entry: TOMLEntry, as key: Key) -> Bool {
        let value = entry.value
        func string() -> String? { if case .string(let text) = value { text } else { nil } }
        func integer() -> Int? { if case .integer(let number) = value, number >= 0 { number } else { nil } }
        func boolean() -> Bool? { if case .boolean(let flag) = value { flag } else { nil } }
        func strings() -> [String]? {
            switch value {
            case .string(let text): return [text]
            case .array(let elements):
                let texts = elements.compactMap { element -> String? in if case .string(let text) = element { text } else { nil } }
                return texts.count == elements.count ? texts : nil
            default: return nil
            }
        }
        switch key {
        case .version: return integer() != nil
        case .file: file = string(); return file != nil
        case .delimiter: delimiter = string(); return delimiter != nil
        case .skip: skip = integer(); return skip != nil
        case .noHeader: noHeader = boolean() ?? false; return boolean() != nil
        case .null: nullTokens = strings() ?? []; return strings() != nil
        case .types: types = strings() ?? []; return strings() != nil
        case .columns: columns = string(); return columns != nil
        case .freeze: freeze = integer(); return freeze != nil
        case .groupBy: groupBy = string(); return groupBy != nil
        case .sort: sorts = strings() ?? []; return strings() != nil
        case .where: wheres = strings() ?? []; return strings() != nil
        case .filter: filter = string(); return filter != nil
        case .find: find = string(); return find != nil
        case .stripes: stripes = boolean(); return stripes != nil
        case .wrap: wraps = strings() ?? []; return strings() != nil
        }
    }

    /// The view file at `path`.
    /// - Throws: `DTableError` when it cannot be read, is not TOML or not a view.
    static func load(contentsOfFile path: String) throws -> ViewOptions {
        do {
            guard let text = try TOMLDocument.text(ofFile: path, kind: "a view file") else {
                throw ConfigurationError(fileName: path, line: nil, message: "no such file")
            }
            return try ViewOptions(document: try TOMLDocument(parsing: text, fileName: path), fileName: path)
        } catch {
            throw DTableError("--view: \(error)")
        }
    }
}
