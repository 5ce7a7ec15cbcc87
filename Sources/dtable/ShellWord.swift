/// Words for a POSIX shell: a command line the user can paste and run.
enum ShellWord {
    /// `word` as one shell word: as it is when every character is one no shell treats
    /// specially (ASCII letters and digits, `-_./:,+@%`, and not empty), else in single quotes,
    /// a `'` in it written `'\''`. Every other character (spaces, `$`, `*`, `=` (zsh expands a
    /// leading one), newlines, control characters, non-ASCII text) is literal inside single quotes.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "-_./:,+@%".unicodeScalars.contains(scalar)
        }
        if plain { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// `words` as a command line: each quoted, joined by spaces.
    static func commandLine(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}
