import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Lenient model decoding")
struct ModelDecodingTests {
    typealias Fixtures = RawJSONFixtures

    /// What a fixture holds.
    enum Content {
        case show, shows, episode, episodes, seasons, cast, crew, akas, person, castCredits
        case searchResults, personSearchResults
        /// Not a TVMaze record (error envelopes, `null`, the updates map, replay-server configuration).
        case notARecord
    }

    /// Constructed fixtures whose answer is an empty list (see CONSTRUCTED.md): a search with no results.
    static let emptyByDesign: Set = ["search/shows/q=xyzzy%20plugh.json"]

    /// The content of the fixture at `path` (the API path), from the endpoint it answers; `nil` for an
    /// endpoint these tests do not know yet, so that a new kind of fixture cannot go unchecked.
    static func content(of path: String) -> Content? {
        let parts = path.split(separator: "/").map(String.init)
        let isNumber = { (text: String) in !text.isEmpty && text.allSatisfy(\.isNumber) }
        let stem = { (file: String) in file.hasSuffix(".json") ? String(file.dropLast(5)) : file }
        switch parts.count {
        case 1:
            return .notARecord  // files beside the endpoint folders configure the replay server
        case _ where ["errors", "lookup", "updates"].contains(parts[0]):
            return .notARecord
        case _ where parts[0] == "schedule":
            return .episodes
        case _ where parts[0] == "singlesearch" && parts[1] == "shows":
            return .show
        case _ where parts[0] == "search" && parts[1] == "shows":
            return .searchResults
        case _ where parts[0] == "search" && parts[1] == "people":
            return .personSearchResults
        case 2 where parts[0] == "episodes" && isNumber(stem(parts[1])):
            return .episode
        case 2 where parts[0] == "shows" && stem(parts[1]).hasPrefix("page-"):
            return .shows
        case 2 where ["shows", "people"].contains(parts[0]) && isNumber(stem(parts[1])):
            return parts[0] == "shows" ? .show : .person
        case 3 where parts[0] == "shows" && parts[2].hasPrefix("embed="):
            return .show
        case 3 where parts[0] == "episodes" && parts[2].hasPrefix("embed="):
            return .episode  // /episodes/{id}?embed=show
        case 3 where parts[0] == "people" && parts[2].hasPrefix("embed="):
            return .person
        case 3 where parts[0] == "people" && parts[2].hasPrefix("castcredits"):
            return .castCredits
        case 3 where parts[0] == "shows":
            let byFile: [String: Content] = [
                "episodes": .episodes, "seasons": .seasons, "cast": .cast, "crew": .crew, "akas": .akas,
            ]
            return byFile[stem(parts[2])]
        case 4 where parts[0] == "shows" && parts[2] == "episodebynumber":
            return .episode
        case 4 where parts[0] == "shows" && parts[2] == "episodes":
            return .episodes  // /shows/{id}/episodes?specials=1
        default:
            return nil
        }
    }

    // MARK: - Raw values to compare with

    private func raw(_ record: [UInt8], _ path: [String]) -> [UInt8]? {
        try? RawJSON.value(atPath: path, in: record)
    }

    private func int(_ record: [UInt8], _ path: String...) -> Int? {
        raw(record, path).flatMap { RawJSON.integer($0) }
    }

    private func string(_ record: [UInt8], _ path: String...) -> String? {
        raw(record, path).flatMap { RawJSON.string($0) }
    }

    private func double(_ record: [UInt8], _ path: String...) -> Double? {
        raw(record, path).flatMap { Double(String(decoding: $0, as: UTF8.self)) }
    }

    private func bool(_ record: [UInt8], _ path: String...) -> Bool? {
        raw(record, path).flatMap { $0 == Array("true".utf8) ? true : $0 == Array("false".utf8) ? false : nil }
    }

    private func count(_ record: [UInt8], _ path: String...) -> Int? {
        raw(record, path).flatMap { try? RawJSON.elements(ofArray: $0).count }
    }

    // MARK: - Per-model checks against the raw record

    private func checkShow(_ record: [UInt8], _ context: String) throws {
        let show = try Show(json: record)
        #expect(show.id != nil && show.id == int(record, "id"), "\(context)")
        #expect(show.name == string(record, "name"), "\(context)")
        #expect(show.url == string(record, "url"), "\(context)")
        #expect(show.premiered == string(record, "premiered"), "\(context)")
        #expect(show.updated == int(record, "updated"), "\(context)")
        #expect(show.runtime == int(record, "runtime"), "\(context)")
        #expect(show.averageRuntime == int(record, "averageRuntime"), "\(context)")
        #expect(show.genres?.count == count(record, "genres"), "\(context)")
        #expect(show.schedule?.days?.count == count(record, "schedule", "days"), "\(context)")
        #expect(show.rating?.average == double(record, "rating", "average"), "\(context)")
        #expect(show.network?.name == string(record, "network", "name"), "\(context)")
        #expect(show.network?.country?.timezone == string(record, "network", "country", "timezone"), "\(context)")
        #expect(show.webChannel?.name == string(record, "webChannel", "name"), "\(context)")
        #expect(show.externals?.imdb == string(record, "externals", "imdb"), "\(context)")
        #expect(show.externals?.thetvdb == int(record, "externals", "thetvdb"), "\(context)")
        #expect(show.image?.original == string(record, "image", "original"), "\(context)")
        #expect(show.links?.selfLink?.href == string(record, "_links", "self", "href"), "\(context)")
        #expect(show.embedded?.episodes?.count == count(record, "_embedded", "episodes"), "\(context)")
        #expect(show.embedded?.cast?.count == count(record, "_embedded", "cast"), "\(context)")
        for episode in show.embedded?.episodes ?? [] {
            #expect(episode.id != nil && episode.name != nil, "\(context)")
        }
        for member in show.embedded?.cast ?? [] {
            #expect(member.person?.id != nil && member.character?.id != nil, "\(context)")
        }
    }

    private func checkEpisode(_ record: [UInt8], _ context: String) throws {
        let episode = try Episode(json: record)
        #expect(episode.id != nil && episode.id == int(record, "id"), "\(context)")
        #expect(episode.name == string(record, "name"), "\(context)")
        #expect(episode.season == int(record, "season"), "\(context)")
        #expect(episode.number == int(record, "number"), "\(context)")
        #expect(episode.type == string(record, "type"), "\(context)")
        #expect(episode.airstamp == string(record, "airstamp"), "\(context)")
        #expect(episode.runtime == int(record, "runtime"), "\(context)")
        #expect(episode.rating?.average == double(record, "rating", "average"), "\(context)")
        #expect(episode.image?.medium == string(record, "image", "medium"), "\(context)")
        #expect(episode.summary == string(record, "summary"), "\(context)")
        #expect(episode.show?.id == int(record, "show", "id"), "\(context)")
        #expect(
            episode.scheduledShow?.name
                == (string(record, "show", "name") ?? string(record, "_embedded", "show", "name")))
    }

    private func checkSeason(_ record: [UInt8], _ context: String) throws {
        let season = try Season(json: record)
        #expect(season.id != nil && season.id == int(record, "id"), "\(context)")
        #expect(season.number == int(record, "number"), "\(context)")
        #expect(season.episodeOrder == int(record, "episodeOrder"), "\(context)")
        #expect(season.premiereDate == string(record, "premiereDate"), "\(context)")
        #expect(season.network?.name == string(record, "network", "name"), "\(context)")
    }

    private func checkPerson(_ record: [UInt8], _ context: String) throws {
        let person = try Person(json: record)
        #expect(person.id != nil && person.id == int(record, "id"), "\(context)")
        #expect(person.name == string(record, "name"), "\(context)")
        #expect(person.birthday == string(record, "birthday"), "\(context)")
        #expect(person.gender == string(record, "gender"), "\(context)")
        #expect(person.country?.code == string(record, "country", "code"), "\(context)")
        #expect(person.embedded?.castCredits?.count == count(record, "_embedded", "castcredits"), "\(context)")
    }

    private func check(_ content: Content, _ record: [UInt8], _ context: String) throws {
        switch content {
        case .show, .shows:
            try checkShow(record, context)
        case .episode, .episodes:
            try checkEpisode(record, context)
        case .seasons:
            try checkSeason(record, context)
        case .person:
            try checkPerson(record, context)
        case .cast:
            let member = try CastMember(json: record)
            #expect(member.person?.id != nil && member.person?.id == int(record, "person", "id"), "\(context)")
            #expect(member.character?.name == string(record, "character", "name"), "\(context)")
            #expect(member.isSelf == bool(record, "self") && member.isVoice == bool(record, "voice"), "\(context)")
        case .crew:
            let member = try CrewMember(json: record)
            #expect(member.type != nil && member.type == string(record, "type"), "\(context)")
            #expect(member.person?.name == string(record, "person", "name"), "\(context)")
        case .akas:
            let aka = try Aka(json: record)
            #expect(aka.name != nil && aka.name == string(record, "name"), "\(context)")
            #expect(aka.country?.code == string(record, "country", "code"), "\(context)")
        case .castCredits:
            let credit = try CastCredit(json: record)
            #expect(credit.links?.show?.href != nil, "\(context)")
            #expect(credit.links?.character?.href == string(record, "_links", "character", "href"), "\(context)")
            #expect(credit.embedded?.show?.id == int(record, "_embedded", "show", "id"), "\(context)")
            #expect(credit.isSelf == bool(record, "self"), "\(context)")
        case .searchResults:
            let result = try SearchResult(json: record)
            #expect(result.score != nil && result.score == double(record, "score"), "\(context)")
            #expect(result.show?.id != nil && result.show?.id == int(record, "show", "id"), "\(context)")
            #expect(result.show?.name == string(record, "show", "name"), "\(context)")
        case .personSearchResults:
            let result = try PersonSearchResult(json: record)
            #expect(result.score != nil && result.score == double(record, "score"), "\(context)")
            #expect(result.person?.id != nil && result.person?.id == int(record, "person", "id"), "\(context)")
        case .notARecord:
            break
        }
    }

    @Test("every recorded fixture is listed and every record in it decodes into its model")
    func everyFixtureDecodes() throws {
        var checked = 0
        for path in Fixtures.allPaths() {
            guard let content = Self.content(of: path) else {
                Issue.record("no model is known for fixture \(path); add its endpoint to content(of:)")
                continue
            }
            let body = try Fixtures.bytes(path)
            switch content {
            case .shows, .episodes, .seasons, .cast, .crew, .akas, .castCredits, .searchResults, .personSearchResults:
                let elements = try RawJSON.elements(ofArray: body)
                #expect(!elements.isEmpty || Self.emptyByDesign.contains(path), "\(path)")
                for (index, element) in elements.enumerated() {
                    try check(content, element, "\(path)[\(index)]")
                    checked += 1
                }
            case .show, .episode, .person:
                try check(content, RawJSON.compact(body), path)
                checked += 1
            case .notARecord:
                break
            }
        }
        #expect(checked > 1_000)
    }

    @Test("fixture endpoints map to their models")
    func endpointsMapToModels() {
        let cases: [(String, Content?)] = [
            ("routes.json", .notARecord), ("updates/shows.json", .notARecord), ("shows/page-0.json", .shows),
            ("shows/1.json", .show), ("shows/1/embed=cast.json", .show), ("shows/1/episodes.json", .episodes),
            ("shows/1/akas.json", .akas), ("shows/1/episodebynumber/season=1&number=1.json", .episode),
            ("people/1.json", .person), ("people/1/embed=castcredits.json", .person),
            ("people/1/castcredits&embed=show.json", .castCredits), ("search/people/q=john.json", .personSearchResults),
            ("singlesearch/shows/q=girls.json", .show), ("episodes/1.json", .episode),
            ("shows/43/episodes/specials=1.json", .episodes), ("shows/43/embed=nextepisode.json", .show),
            ("shows/1/images.json", nil), ("people/1/crewcredits.json", nil),
        ]
        for (path, content) in cases {
            #expect(Self.content(of: path) == content, "\(path)")
        }
    }

    @Test("older and newer field sets both decode")
    func oldAndNewFieldSets() throws {
        let old = try Show(json: #require(try RawJSON.elements(ofArray: Fixtures.bytes("shows/page-0.json")).first))
        #expect(old.id == 1 && old.averageRuntime == nil && old.ended == nil && old.dvdCountry == nil)
        #expect(old.network?.name == "CBS" && old.network?.officialSite == nil)
        #expect(old.url?.hasPrefix("http://") == true)

        let new = try Show(json: #require(try RawJSON.elements(ofArray: Fixtures.bytes("shows/page-1.json")).first))
        #expect(new.id == 250 && new.averageRuntime == 30 && new.ended == "2017-02-02")
        #expect(new.webChannel?.officialSite == "https://disneynow.com/")
        #expect(new.links?.previousEpisode?.name == "Yep, Still Happening")
        #expect(new.schedule?.days == ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])

        let oldEpisode = try Episode(
            json: #require(try RawJSON.elements(ofArray: Fixtures.bytes("shows/1/episodes.json")).first))
        #expect(oldEpisode.type == nil && oldEpisode.rating == nil && oldEpisode.number == 1)
        let newEpisode = try Episode(
            json: #require(try RawJSON.elements(ofArray: Fixtures.bytes("shows/43/episodes.json")).first))
        #expect(newEpisode.type == "regular" && newEpisode.rating != nil)
    }

    @Test("a special with number null decodes with number nil")
    func specialWithNullNumber() throws {
        let episode = String(decoding: try RawJSON.compact(Fixtures.bytes("episodes/1.json")), as: UTF8.self)
        let special = episode.replacingOccurrences(
            of: #""number":1,"type":"regular""#, with: #""number":null,"type":"significant_special""#)
        #expect(special != episode)
        let decoded = try Episode(json: Array(special.utf8))
        #expect(decoded.number == nil && decoded.type == "significant_special")
        #expect(decoded.id == 1 && decoded.season == 1 && decoded.name == "Pilot")
    }

    @Test("a web-only show has network nil and a webChannel")
    func webOnlyShow() throws {
        let show = try Show(json: Fixtures.bytes("shows/43687/embed=episodes.json"))
        #expect(show.network == nil)
        #expect(show.webChannel?.name == "Netflix")
        #expect(show.language == "Korean")
        #expect(show.embedded?.episodes?.count == 9)
        #expect(show.embedded?.episodes?.allSatisfy { $0.season == 1 } == true)
    }

    @Test("schedule items carry their show")
    func scheduleItemsCarryShow() throws {
        let items = try RawJSON.elements(ofArray: Fixtures.bytes("schedule/date=2022-12-02.json"))
        let episodes = try items.map { try Episode(json: $0) }
        #expect(episodes.count == 71)
        #expect(episodes.allSatisfy { $0.scheduledShow?.id != nil })
        var webItem = try Episode(
            json: Fixtures.utf8(#"{"id":5,"_embedded":{"show":{"id":82,"name":"Game of Thrones"}}}"#))
        #expect(webItem.scheduledShow?.id == 82 && webItem.show == nil)
        webItem.show = episodes[0].show
        #expect(webItem.scheduledShow == episodes[0].show)
    }

    @Test("wrong-typed and null fields become nil without failing the record")
    func wrongTypesDecodeLeniently() throws {
        let record = #"""
            {"id":"82","url":null,"name":5,"genres":["Drama",7,null,"Comedy"],"runtime":"sixty","schedule":"weekly",
             "rating":{"average":"high"},"network":[],"webChannel":{"id":1,"name":{"x":1},"country":"US"},
             "externals":{"tvrage":"x","imdb":"tt1"},"updated":1.5,"image":{"medium":3,"original":"o"},
             "_links":{"self":7},"_embedded":{"episodes":[{"id":1},5,null,{"id":"x"},{"id":2}],"cast":"none"},
             "unknownNewField":{"deep":[1,2,3]}}
            """#
        let show = try Show(json: Array(record.utf8))
        #expect(show.id == nil && show.url == nil && show.name == nil && show.runtime == nil && show.updated == nil)
        #expect(show.genres == ["Drama", "Comedy"])
        #expect(show.schedule == nil && show.network == nil)
        #expect(show.rating != nil && show.rating?.average == nil)
        #expect(show.webChannel?.id == 1 && show.webChannel?.name == nil && show.webChannel?.country == nil)
        #expect(show.externals?.imdb == "tt1" && show.externals?.tvrage == nil)
        #expect(show.image?.medium == nil && show.image?.original == "o")
        #expect(show.links?.selfLink == nil)
        #expect(show.embedded?.episodes?.map(\.id) == [1, nil, 2])
        #expect(show.embedded?.cast == nil)
        #expect(try Show(json: Fixtures.utf8("{}")) == Show())
    }

    @Test("a _tvm member is ignored and decoding is deterministic")
    func tvmIgnored() throws {
        let body = try RawJSON.compact(Fixtures.bytes("shows/139.json"))
        let tagged = try RawJSON.addingTVM([("score", JSONText.number(3.5))], to: body)
        #expect(try Show(json: tagged) == Show(json: body))
        #expect(try Show(json: body).name == "Girls")
    }

    @Test("a record that is not an object fails to decode")
    func nonObjectsThrow() {
        for text in ["[1]", "null", "82", "\"x\"", "{"] {
            #expect(throws: (any Error).self, "\(text)") { try Show(json: Fixtures.utf8(text)) }
        }
    }
}
