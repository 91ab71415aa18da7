import TVMRecords

/// A TVMaze API request, built only from known parameter names.
///
/// TVMaze silently ignores unknown query parameters, so the toolkit never builds a query by hand:
/// every request is one of these cases.
public enum Endpoint: Sendable, Equatable, Hashable {
    /// `/shows?page=N`: one page of the show index (ids `250N…250N+249`).
    case showIndex(page: Int)
    /// `/shows/{id}` with optional embeds.
    case show(id: Int, embed: [Embed] = [])
    /// `/shows/{id}/seasons`.
    case seasons(showID: Int)
    /// `/shows/{id}/cast`.
    case cast(showID: Int)
    /// `/shows/{id}/crew`.
    case crew(showID: Int)
    /// `/shows/{id}/episodes`, with `specials=1` when `specials` is true.
    case episodes(showID: Int, specials: Bool = false)
    /// `/episodes/{id}`: one episode, whose `_links.show` names its show; with `embedsShow`,
    /// `/episodes/{id}?embed=show`, which carries the show's record under `_embedded.show`.
    case episode(id: Int, embedsShow: Bool = false)
    /// `/lookup/shows?imdb=…` (or `thetvdb=`, `tvrage=`).
    case lookup(Lookup)
    /// `/updates/shows`, optionally `?since=day|week|month`.
    case updates(since: UpdatesPeriod?)
    /// `/schedule?country=CC&date=YYYY-MM-DD`.
    case schedule(country: String?, date: String?)
    /// `/search/shows?q=…`.
    case search(query: String)
    /// `/singlesearch/shows?q=…` with optional embeds.
    case singleSearch(query: String, embed: [Embed] = [])

    /// The kinds of data that can be embedded in a show.
    public enum Embed: String, Sendable, CaseIterable, Hashable {
        /// All episodes.
        case episodes
        /// The main cast.
        case cast
        /// The crew.
        case crew
        /// The seasons.
        case seasons
        /// The next episode to air, when there is one.
        case nextepisode
        /// The latest aired episode.
        case previousepisode
    }

    /// An external id to look a show up by.
    public enum Lookup: Sendable, Equatable, Hashable {
        /// An IMDb id such as `tt1553656`.
        case imdb(String)
        /// A TheTVDB id.
        case thetvdb(String)
        /// A TVRage id.
        case tvrage(String)
    }

    /// The period accepted by `/updates/shows?since=`.
    public enum UpdatesPeriod: String, Sendable, CaseIterable, Hashable {
        /// The last day.
        case day
        /// The last week.
        case week
        /// The last month.
        case month
    }

    /// The id of the one record this endpoint answers (`/shows/{id}`, `/episodes/{id}`), which the answer must
    /// carry; `nil` for the others.
    public var recordID: Int? {
        switch self {
        case .show(let id, _), .episode(let id, _): return id
        default: return nil
        }
    }

    /// The path, starting with `/`.
    public var path: String {
        switch self {
        case .showIndex: return "/shows"
        case .show(let id, _): return "/shows/\(id)"
        case .seasons(let id): return "/shows/\(id)/seasons"
        case .cast(let id): return "/shows/\(id)/cast"
        case .crew(let id): return "/shows/\(id)/crew"
        case .episodes(let id, _): return "/shows/\(id)/episodes"
        case .episode(let id, _): return "/episodes/\(id)"
        case .lookup: return "/lookup/shows"
        case .updates: return "/updates/shows"
        case .schedule: return "/schedule"
        case .search: return "/search/shows"
        case .singleSearch: return "/singlesearch/shows"
        }
    }

    /// The query parameters, unencoded, in a fixed order.
    public var queryItems: [(name: String, value: String)] {
        switch self {
        case .showIndex(let page): return [("page", String(page))]
        case .show(_, let embed): return Self.embedItems(embed)
        case .seasons, .cast, .crew: return []
        case .episode(_, let embedsShow): return embedsShow ? [("embed", "show")] : []
        case .episodes(_, let specials): return specials ? [("specials", "1")] : []
        case .lookup(.imdb(let id)): return [("imdb", id)]
        case .lookup(.thetvdb(let id)): return [("thetvdb", id)]
        case .lookup(.tvrage(let id)): return [("tvrage", id)]
        case .updates(let since): return since.map { [("since", $0.rawValue)] } ?? []
        case .schedule(let country, let date):
            return (country.map { [("country", $0)] } ?? []) + (date.map { [("date", $0)] } ?? [])
        case .search(let query): return [("q", query)]
        case .singleSearch(let query, let embed): return [("q", query)] + Self.embedItems(embed)
        }
    }

    /// Whether a 404 here is a normal answer, not an error: the end of the show index.
    public var isIndexPage: Bool {
        if case .showIndex = self { return true }
        return false
    }

    /// The path and percent-encoded query, e.g. `/search/shows?q=squid%20game`.
    ///
    /// Each value is percent-encoded exactly once, so `Pokémon` becomes `Pok%C3%A9mon` and a literal `%`
    /// becomes `%25`.
    public var pathAndQuery: String {
        let items = queryItems
        guard !items.isEmpty else { return path }
        let query = items.map { "\(Self.percentEncode($0.name))=\(Self.percentEncode($0.value))" }
        return path + "?" + query.joined(separator: "&")
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    ///
    /// - Parameter text: The unencoded text.
    /// - Returns: The text with every other byte of its UTF-8 form written as `%XX`.
    public static func percentEncode(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }

    private static func embedItems(_ embed: [Embed]) -> [(name: String, value: String)] {
        var seen = Set<Embed>()
        let unique = embed.filter { seen.insert($0).inserted }
        if unique.count == 1 { return [("embed", unique[0].rawValue)] }
        return unique.map { ("embed[]", $0.rawValue) }
    }

    /// Compares endpoints by their path and query.
    public static func == (lhs: Endpoint, rhs: Endpoint) -> Bool { lhs.pathAndQuery == rhs.pathAndQuery }

    /// Hashes the path and query.
    public func hash(into hasher: inout Hasher) { hasher.combine(pathAndQuery) }
}
