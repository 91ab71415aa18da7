/// The size bound every tool keeps for one TVMaze record.
public enum RecordSize {
    /// The most bytes one record (a show, an episode) may have: 4 MiB. TVMaze's largest, with every embed, are a few
    /// hundred kilobytes. The API client refuses a larger record, and whatever holds records in memory on the way
    /// (a page's spool, stdin's hand-over, a favorites batch) holds about this much beyond one record.
    public static let max = 4 * 1024 * 1024
}
