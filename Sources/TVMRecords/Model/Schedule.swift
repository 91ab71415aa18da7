/// When a show airs: a local time and weekdays (in the network country's time zone).
public struct Schedule: TVMazeModel {
    /// The local air time as `HH:mm`, or empty when unknown.
    public var time: String?
    /// The weekdays it airs on, e.g. `["Thursday"]`; empty for irregular shows.
    public var days: [String]?

    /// Creates a schedule with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case time, days
    }

    /// Decodes leniently: bad or missing fields become `nil`, non-string days are skipped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = container.lenient(.time)
        days = container.lenientArray(.days)
    }
}
