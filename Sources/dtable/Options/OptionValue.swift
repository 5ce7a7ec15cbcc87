import ArgumentParser

/// The value of an option, parsed once from its text when the command line is parsed.
///
/// A value that can be refused is declared with `transform: Type.parser(for: "--option")`,
/// so that the refusal says why in dtable's words (`OptionValueError`); one that cannot be
/// refused (a column reference: any text may be a title) is a plain `ExpressibleByArgument`.
protocol OptionValue: ExpressibleByArgument {
    /// `text` as given to `option`, the flag a refusal names.
    /// - Throws: `OptionValueError`, one line naming the option and the value (quoted safely).
    init(_ text: String, option: String) throws(OptionValueError)
}

extension OptionValue {
    /// The value of `argument`, nil when refused (the parser then says the value is invalid).
    init?(argument: String) {
        guard let value = try? Self(argument, option: "") else { return nil }
        self = value
    }

    /// The transform of an `@Option` of this type: `option`'s values, refused with dtable's
    /// message.
    static func parser(for option: String) -> @Sendable (String) throws -> Self {
        { text in try Self(text, option: option) }
    }
}

/// A value an option's type refused: the message, one line naming the option (a usage error,
/// exit status 2).
struct OptionValueError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }

    /// The refusal behind `error`: swift-argument-parser keeps the error a transform threw as
    /// the cause of its own ("The value … is invalid for …: CAUSE"); dtable reports the cause
    /// alone, as it words its other messages. nil for any other error (whose message is then
    /// the parser's, which still ends with the cause).
    static func cause(of error: Error) -> OptionValueError? {
        find(in: error, depth: 0)
    }

    /// `value` or one of its parts, a few levels deep (the parser's error, its case, the cause).
    private static func find(in value: Any, depth: Int) -> OptionValueError? {
        if let refusal = value as? OptionValueError { return refusal }
        guard depth < 6 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let found = find(in: child.value, depth: depth + 1) { return found }
        }
        return nil
    }
}
