import Foundation

/// Comma- or tab-separated text: one line per record, under a header row.
package enum DelimitedFormat: Sendable {
    /// RFC 4180: fields with a comma, a quote, a CR or an LF are quoted, quotes doubled. Lines end in LF. A field
    /// that starts with `=`, `+`, `-`, `@`, a tab or a CR gets a leading `'`, so that a spreadsheet shows it as
    /// text instead of evaluating it as a formula (OWASP's advice on CSV injection).
    case csv
    /// RFC 4180 as ``csv``, with every field as it is (`--csv-formulas`).
    case rawCSV
    /// Tab-separated: tab, CR, LF and backslash escaped as `\t`, `\r`, `\n` and `\\`, never quoted.
    case tsv

    /// One line of fields, with its line end.
    ///
    /// - Parameter fields: The fields' texts, left to right.
    /// - Returns: The line, ending in `"\n"`.
    package func line(_ fields: [String]) -> String {
        switch self {
        case .csv: return fields.map { Self.csvField(Self.defused($0)) }.joined(separator: ",") + "\n"
        case .rawCSV: return fields.map(Self.csvField).joined(separator: ",") + "\n"
        case .tsv: return fields.map(Self.tsvField).joined(separator: "\t") + "\n"
        }
    }

    /// The text with a leading `'` when a spreadsheet would take it for a formula.
    private static func defused(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func tsvField(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
