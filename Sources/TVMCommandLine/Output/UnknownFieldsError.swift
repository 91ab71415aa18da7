import Foundation
import TVMText

/// `--fields` names a field the records do not have (`--fields nme`): a usage error (64) that lists the fields
/// they have, as `gh --json` does, instead of a column of nulls.
package struct UnknownFieldsError: LocalizedError, ReportedError, Equatable {
    /// The names given that the first record lacks.
    package var names: [String]
    /// The first record's fields.
    package var available: [String]

    package var errorDescription: String? {
        let quoted = names.map { "'\(HTMLText.terminalSafe($0, keepingNewlines: false))'" }
        let fields = available.map { HTMLText.terminalSafe($0, keepingNewlines: false) }
        return "--fields: the records have no field \(quoted.joined(separator: ", ")); "
            + "the fields are \(fields.joined(separator: ", ")) (dotted paths reach inside one: network.name)"
    }

    /// Reports the error and raises the usage status.
    package func report(to runtime: ToolRuntime) {
        runtime.diagnostics.error(errorDescription ?? "")
        runtime.raise(.usage)
    }
}
