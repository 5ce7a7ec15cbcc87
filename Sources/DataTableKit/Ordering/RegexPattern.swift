import CPCRE2
import Glibc
import Synchronization

/// A compiled PCRE2 pattern, shared by every thread that matches it; each match is bounded.
///
/// Compiled once per query in UTF mode with Unicode properties for `\w`, `\d`, `\b` and
/// caseless matching (`PCRE2_UCP`), `$` at the end of the field only (`PCRE2_DOLLAR_ENDONLY`),
/// and `PCRE2_MATCH_INVALID_UTF`, so fields holding invalid UTF-8 are matched without a check
/// or a copy: invalid bytes match nothing and never fail the match. JIT-compiled when the
/// library can (it falls back to the interpreter otherwise).
///
/// Every match runs under `matchLimit` and `depthLimit` (`pcre2_set_match_limit`,
/// `pcre2_set_depth_limit`): a pattern that backtracks catastrophically (`(\w+\s?)+$`) stops
/// with `.tooComplex` within milliseconds instead of running for ever, and `hitLimit` stays set
/// so callers (highlighting on the UI thread) stop asking. Match data, the match context and
/// the JIT stack are per thread (`pcre2_match_data` is not thread-safe); the compiled code is
/// read-only and shared.
final class RegexPattern: @unchecked Sendable {
    /// What one match attempt found.
    enum Result: Equatable, Sendable {
        /// The first match, as UTF-8 byte offsets into the subject.
        case match(Range<Int>)
        case noMatch
        /// The match or depth limit (or the JIT stack) ran out.
        case tooComplex
    }

    /// Backtracking steps one match may take (PCRE2's default is 10,000,000). Measured on the
    /// catastrophic `(\w+\s?)+$` over a 60-byte row: see docs/decisions/0041-regex-through-pcre2-with-limits.md.
    static let matchLimit: UInt32 = 1_000_000
    /// Nested backtracking depth for the interpreter (the JIT ignores it).
    static let depthLimit: UInt32 = 10_000

    private let code: OpaquePointer
    /// Set once a match ran out of its limits.
    private let limitFlag = Atomic<Bool>(false)
    let isJITCompiled: Bool

    /// Whether some match of this pattern has run out of its limits.
    var hitLimit: Bool { limitFlag.load(ordering: .relaxed) }

    /// Sets `hitLimit` (a caller's own bound ran out).
    func markTooComplex() { limitFlag.store(true, ordering: .relaxed) }

    /// Compiles `pattern` (`literal`: every character stands for itself).
    /// - Throws: `RowMatcherError` with PCRE2's message, e.g. `invalid regex: missing closing
    ///   parenthesis`.
    init(_ pattern: String, caseless: Bool, literal: Bool = false) throws(RowMatcherError) {
        // PCRE2_LITERAL allows few options; UTF mode alone already folds case by Unicode rules.
        var options = UInt32(PCRE2_UTF | PCRE2_MATCH_INVALID_UTF)
        options |= literal ? UInt32(PCRE2_LITERAL)
                           : UInt32(PCRE2_UCP | PCRE2_DOLLAR_ENDONLY | PCRE2_NEVER_BACKSLASH_C)
        if caseless { options |= UInt32(PCRE2_CASELESS) }
        var errorCode: Int32 = 0
        var errorOffset: Int = 0
        let bytes = Array(pattern.utf8)
        let compiled = bytes.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress ?? UnsafePointer(bitPattern: 1), buffer.count, options,
                            &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw RowMatcherError(message: "invalid regex: " + Self.message(for: errorCode))
        }
        code = compiled
        isJITCompiled = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
    }

    deinit { pcre2_code_free_8(code) }

    /// The first match in `subject` at or after byte `offset`.
    /// - Complexity: bounded by `matchLimit` backtracking steps, whatever the pattern.
    func firstMatch(in subject: UnsafeRawBufferPointer, from offset: Int = 0) -> Result {
        let state = RegexThreadState.current
        let base = subject.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? RegexThreadState.emptySubject
        let rc = pcre2_match_8(code, base, subject.count, offset, 0, state.matchData, state.context)
        if rc >= 0 {
            // rc == 0: the ovector (one pair) is too small for the groups; the match still stands.
            let ovector = pcre2_get_ovector_pointer_8(state.matchData)!
            return .match(ovector[0]..<ovector[1])
        }
        switch rc {
        case PCRE2_ERROR_NOMATCH, PCRE2_ERROR_PARTIAL: return .noMatch
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT,
             PCRE2_ERROR_NOMEMORY:
            limitFlag.store(true, ordering: .relaxed)
            return .tooComplex
        default:
            // Nothing else is expected (invalid UTF-8 is matched around, offsets are in range).
            return .noMatch
        }
    }

    /// PCRE2's text for an error code, one line.
    static func message(for errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = pcre2_get_error_message_8(errorCode, &buffer, buffer.count)
        guard count > 0 else { return "error \(errorCode)" }
        return String(decoding: buffer[0..<Int(count)], as: UTF8.self)
    }
}

/// One thread's PCRE2 match data (one offset pair: only the whole match is read), match
/// context (the limits) and JIT stack, created on the thread's first match and freed when the
/// thread exits.
final class RegexThreadState {
    let matchData: OpaquePointer
    let context: OpaquePointer
    private let jitStack: OpaquePointer?

    /// A valid pointer for an empty subject (PCRE2 rejects NULL with a non-zero length only, but
    /// a real address keeps every path alike).
    nonisolated(unsafe) static let emptySubject: UnsafePointer<UInt8> = {
        let byte = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        byte.initialize(to: 0)
        return UnsafePointer(byte)
    }()

    private init() {
        matchData = pcre2_match_data_create_8(1, nil)!
        context = pcre2_match_context_create_8(nil)!
        pcre2_set_match_limit_8(context, RegexPattern.matchLimit)
        pcre2_set_depth_limit_8(context, RegexPattern.depthLimit)
        // The JIT's default stack is 32 KB on the machine stack; a private one up to 1 MB lets
        // ordinary patterns on long fields finish (the match limit still bounds the time).
        jitStack = pcre2_jit_stack_create_8(32 * 1024, 1024 * 1024, nil)
        if let jitStack { pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack)) }
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(context)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    }

    /// The key whose per-thread value is a retained `RegexThreadState`, released at thread exit.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<RegexThreadState>.fromOpaque(pointer).release() }
        }
        return key
    }()

    /// This thread's state.
    static var current: RegexThreadState {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<RegexThreadState>.fromOpaque(pointer).takeUnretainedValue()
        }
        let state = RegexThreadState()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }
}
