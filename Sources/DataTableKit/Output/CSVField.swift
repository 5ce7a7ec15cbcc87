/// CSV fields and records as RFC 4180 writes them: the one encoder of the package (the
/// writer, `DTABLE_ROW_CSV`, copies, marked rows printed).
public enum CSVField {
    /// `text` as a field's bytes: in quotes when it holds the delimiter, the quote, CR or LF,
    /// or starts or ends with a space or tab (readers trim those otherwise); quotes doubled.
    /// - Complexity: O(n).
    public static func encode(_ text: String, delimiter: UInt8 = UInt8(ascii: ","), quote: UInt8 = UInt8(ascii: "\"")) -> [UInt8] {
        var out: [UInt8] = []
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0), delimiter: delimiter, quote: quote, to: &out) }
        return out
    }

    /// Appends the field holding `bytes` to `output`, quoted as `encode(_:delimiter:quote:)`
    /// says; the bytes are written as they are.
    /// - Complexity: O(n).
    @inline(__always)
    public static func append(_ bytes: UnsafeRawBufferPointer, delimiter: UInt8 = UInt8(ascii: ","),
                              quote: UInt8 = UInt8(ascii: "\""), to output: inout [UInt8]) {
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        let edgeBlank = bytes.first.map { $0 == space || $0 == tab } == true || bytes.last.map { $0 == space || $0 == tab } == true
        guard edgeBlank || bytes.contains(where: { $0 == delimiter || $0 == quote || $0 == 0x0A || $0 == 0x0D }) else {
            output.append(contentsOf: bytes)
            return
        }
        output.append(quote)
        for byte in bytes {
            if byte == quote { output.append(byte) }
            output.append(byte)
        }
        output.append(quote)
    }

    /// `text` as a comma-separated field.
    public static func quoted(_ text: String) -> String {
        String(decoding: encode(text), as: UTF8.self)
    }

    /// `fields` as one comma-separated record, without a line terminator.
    public static func record(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",")
    }
}
