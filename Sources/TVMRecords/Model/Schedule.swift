/// When a show airs: a local time and weekdays (in the network country's time zone).
public struct Schedule: TVMazeModel {
    /// The local air time as `HH:mm`, or empty when unknown.
    @Lenient public var time: String?
    /// The weekdays it airs on, e.g. `["Thursday"]`; empty for irregular shows.
    @LenientArray public var days: [String]?

    /// Creates a schedule with every field `nil`.
    public init() {}
}
