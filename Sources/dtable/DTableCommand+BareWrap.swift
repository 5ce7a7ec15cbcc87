import Glibc

extension DTableCommand {
    /// A bare `--wrap` (no `=COL`) means every column: it becomes `--wrap=*` before parsing,
    /// since an option's value cannot be optional in swift-argument-parser. `--wrap COL` with a
    /// space is read as `--wrap=COL` unless COL is an existing file (then it is the input).
    /// Arguments after `--` are left alone.
    static func expandingBareWrap(_ arguments: [String], fileExists: (String) -> Bool = { access($0, F_OK) == 0 }) -> [String] {
        var result: [String] = []
        var afterTerminator = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { afterTerminator = true }
            guard !afterTerminator && argument == "--wrap" else {
                result.append(argument)
                continue
            }
            if index < arguments.count, !arguments[index].hasPrefix("-"), !fileExists(arguments[index]) {
                result.append("--wrap=" + arguments[index])
                index += 1
            } else {
                result.append("--wrap=*")
            }
        }
        return result
    }
}
