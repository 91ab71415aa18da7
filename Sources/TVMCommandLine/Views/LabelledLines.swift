import TVMText

/// A one-record view as "label: value" lines, the values in one column: `catalog info`, `cache info`, `account`.
package enum LabelledLines {
    /// The lines, each ending with a newline; values are cleaned of terminal escapes.
    ///
    /// - Parameter rows: The labels and their values, in order.
    /// - Returns: The text to print.
    package static func render(_ rows: [(label: String, value: String)]) -> String {
        let labelWidth = rows.map(\.label.count).max() ?? 0
        return rows.map { label, value in
            label + ":" + String(repeating: " ", count: labelWidth - label.count + 1) + HTMLText.terminalSafe(value)
                + "\n"
        }.joined()
    }
}
