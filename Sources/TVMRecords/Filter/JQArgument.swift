/// A named value handed to a jq program as a `$variable`.
///
/// The two cases mirror the jq command line: `.string` is `--arg name value` and `.json` is
/// `--argjson name text`. Every argument is also visible through `$ARGS.named`, as with jq.
///
/// ```swift
/// let filter = try JQFilter(
///     program: "select(.name == $name) | .id + $offset",
///     arguments: ["name": .string("Under the Dome"), "offset": .json("1000")]
/// )
/// ```
public enum JQArgument: Equatable, Sendable {
    /// A string value, bound as is (jq `--arg`).
    case string(String)

    /// The text of one JSON value, parsed when the filter is compiled (jq `--argjson`).
    ///
    /// Text that is not exactly one JSON value makes the filter's initialiser throw
    /// ``JQError/invalidArgumentJSON(name:text:message:)``.
    case json(String)
}
