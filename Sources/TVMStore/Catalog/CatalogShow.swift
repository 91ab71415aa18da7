import GRDB

/// One show of the catalogue, as the `show` table holds it: the columns that filtering and sorting need.
///
/// The record itself (TVMaze's JSON, byte for byte) is in the `show_record` table (``CatalogRecord``), so that a
/// scan of these small rows to filter or sort 95,000 shows never reads the records. Every column is derived from
/// the record by ``CatalogEntry``.
public struct CatalogShow: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    /// The table: `show`.
    public static let databaseTableName = "show"

    /// The TVMaze show id.
    public var id: Int
    /// The show's name.
    public var name: String
    /// How many words the name has: among shows whose name holds every word searched, the one with the fewest
    /// other words matches best ("Girls" before "Curvy Girls Stripped Bare"). FTS5's bm25 cannot say it: it
    /// measures a document's length over all its columns, so a long summary would decide.
    public var nameWords: Int
    /// `Scripted`, `Reality`, `Animation`, …
    public var type: String?
    /// The main language.
    public var language: String?
    /// `Running`, `Ended`, …
    public var status: String?
    /// The genres between bars, `|Drama|Comedy|` (`||` for none), so that one genre is one `LIKE`.
    public var genres: String
    /// The network's name, else the web channel's.
    public var channel: String?
    /// The network's country code, else the web channel's.
    public var country: String?
    /// The community rating's average.
    public var rating: Double?
    /// TVMaze's popularity weight (0–100); 0 when absent.
    public var weight: Int
    /// The first air date, `YYYY-MM-DD`.
    public var premiered: String?
    /// When TVMaze last changed the show (Unix time), as `/updates/shows` says it; 0 when absent.
    public var updated: Int

    private enum CodingKeys: String, CodingKey {
        case id, name, type, language, status, genres, channel, country, rating, weight, premiered, updated
        case nameWords = "name_words"
    }

    /// The table's columns.
    public enum Columns {
        /// `id`.
        public static let id = Column(CodingKeys.id)
        /// `name`.
        public static let name = Column(CodingKeys.name)
        /// `name_words`.
        public static let nameWords = Column(CodingKeys.nameWords)
        /// `type`.
        public static let type = Column(CodingKeys.type)
        /// `language`.
        public static let language = Column(CodingKeys.language)
        /// `status`.
        public static let status = Column(CodingKeys.status)
        /// `genres`.
        public static let genres = Column(CodingKeys.genres)
        /// `channel`.
        public static let channel = Column(CodingKeys.channel)
        /// `country`.
        public static let country = Column(CodingKeys.country)
        /// `rating`.
        public static let rating = Column(CodingKeys.rating)
        /// `weight`.
        public static let weight = Column(CodingKeys.weight)
        /// `premiered`.
        public static let premiered = Column(CodingKeys.premiered)
        /// `updated`.
        public static let updated = Column(CodingKeys.updated)
    }
}

/// The JSON of one show exactly as TVMaze sent it (compacted), in the `show_record` table.
public struct CatalogRecord: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    /// The table: `show_record`.
    public static let databaseTableName = "show_record"

    /// The TVMaze show id.
    public var id: Int
    /// The compact JSON text.
    public var record: String

    /// The table's columns.
    public enum Columns {
        /// `id`.
        public static let id = Column(CodingKeys.id)
        /// `record`.
        public static let record = Column(CodingKeys.record)
    }
}
