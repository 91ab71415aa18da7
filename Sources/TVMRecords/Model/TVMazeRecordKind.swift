/// What kind of TVMaze object a record is, guessed from the keys it has.
///
/// Tools that take mixed records use it to pick a model or to refuse a record with a clear message.
/// Detection looks only at top-level keys (plus `_links` for old cast credits), so it is cheap; a record
/// with too few fields to tell is ``unknown``.
public enum TVMazeRecordKind: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// A show (`id` plus show fields such as `genres`, `premiered`, `language`, `schedule`).
    case show
    /// An episode (`season` plus `airdate`, `airstamp` or `number`), including schedule items.
    case episode
    /// A season (`episodeOrder`, `premiereDate` or `endDate`).
    case season
    /// A person (`birthday`, `deathday` or `gender`).
    case person
    /// A cast entry (`person` and `character`).
    case castMember
    /// A crew entry (`person` and `type`).
    case crewMember
    /// A person's cast credit (`self`/`voice` without `person`, or `_links.character`).
    case castCredit
    /// A show search result (`score` and `show`).
    case searchResult
    /// A people search result (`score` and `person`).
    case personSearchResult
    /// Not recognised.
    case unknown

    /// A noun phrase for messages, e.g. `an episode record`.
    public var description: String {
        switch self {
        case .show: return "a show record"
        case .episode: return "an episode record"
        case .season: return "a season record"
        case .person: return "a person record"
        case .castMember: return "a cast entry"
        case .crewMember: return "a crew entry"
        case .castCredit: return "a cast credit"
        case .searchResult: return "a show search result"
        case .personSearchResult: return "a people search result"
        case .unknown: return "an unrecognised record"
        }
    }

    /// Guesses the kind from a record's top-level keys.
    ///
    /// - Parameter keys: The keys, e.g. from ``RawJSON/keys(ofObject:)``.
    public static func detect(keys: [String]) -> TVMazeRecordKind {
        let keys = Set(keys)
        func has(_ key: String) -> Bool { keys.contains(key) }
        func hasAny(_ candidates: String...) -> Bool { candidates.contains(where: keys.contains) }
        if has("score") && has("show") { return .searchResult }
        if has("score") && has("person") { return .personSearchResult }
        if has("person") && has("character") { return .castMember }
        if has("person") && has("type") { return .crewMember }
        if has("season") && hasAny("airdate", "airstamp", "number") { return .episode }
        if hasAny("episodeOrder", "premiereDate", "endDate") { return .season }
        if hasAny("birthday", "deathday", "gender") { return .person }
        if hasAny("genres", "premiered", "language", "schedule", "externals", "averageRuntime", "dvdCountry") {
            return .show
        }
        if !has("person") && hasAny("self", "voice") { return .castCredit }
        return .unknown
    }

    /// Guesses the kind of the JSON object `record`.
    ///
    /// - Parameter record: A JSON object.
    /// - Throws: ``RawJSONError`` if `record` is invalid or not an object.
    public static func detect(inRecord record: some Collection<UInt8>) throws(RawJSONError) -> TVMazeRecordKind {
        let keys = try RawJSON.keys(ofObject: record)
        let kind = detect(keys: keys)
        if kind == .unknown && keys.contains("_links") && !keys.contains("id"),
            let links = try RawJSON.value(forKey: "_links", in: record), links.first == UInt8(ascii: "{"),
            try RawJSON.value(forKey: "character", in: links) != nil
        {
            return .castCredit
        }
        return kind
    }
}
