extension RawJSON {
    /// Returns the integer written by the JSON text `raw`, or `nil` if it is not a plain integer.
    ///
    /// Accepts only `-?digits` (after optional whitespace) that fits in `Int`: `82` and `-3` give numbers,
    /// `82.0`, `8.2e1`, `"82"` and `null` give `nil`.
    /// - Parameter raw: The JSON text of one value, e.g. from ``value(forKey:in:)``.
    public static func integer(_ raw: some Collection<UInt8>) -> Int? {
        let all = Array(raw)
        var bytes = all[...].drop(while: RawJSONScanner.isWhitespace)
        while let last = bytes.last, RawJSONScanner.isWhitespace(last) {
            bytes = bytes.dropLast()
        }
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        guard let first = bytes.first, RawJSONScanner.isDigit(first), first != UInt8(ascii: "0") || bytes.count == 1
        else { return nil }
        var value = 0
        for byte in bytes {
            guard RawJSONScanner.isDigit(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) =
                negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            guard !overflow1 && !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// Returns the decoded text of the JSON string literal `raw`, or `nil` if `raw` is not one valid string.
    ///
    /// - Parameter raw: The JSON text of one value, e.g. `"Pok\u00e9mon"` with the quotes.
    public static func string(_ raw: some Collection<UInt8>) -> String? {
        try? JSONString.decode(raw)
    }
}
