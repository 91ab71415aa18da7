import ArgumentParser
import Foundation
import TVMCommandLine
import TVMStore

/// `tvm-search --local` and its filters, order and limit.
struct LocalSearchOptions: ParsableArguments {
    @Flag(help: "Search the show catalogue on disk (made by tvm-fetch catalog sync) instead of TVMaze.")
    var local = false

    @Option(
        name: .customLong("genre"),
        help: ArgumentHelp("With --local, only shows of this genre (repeat it: every genre given).", valueName: "genre")
    )
    var genres: [String] = []

    @Option(help: ArgumentHelp("With --local, only shows with this status (Running, Ended, …).", valueName: "status"))
    var status: String?

    @Option(help: ArgumentHelp("With --local, only shows in this language.", valueName: "language"))
    var language: String?

    @Option(help: ArgumentHelp("With --local, only shows of this type (Scripted, Animation, …).", valueName: "type"))
    var type: String?

    @Option(help: ArgumentHelp("With --local, only shows of this network or web channel.", valueName: "name"))
    var network: String?

    @Option(
        help: ArgumentHelp("With --local, only shows of a network or web channel of this country.", valueName: "cc"))
    var country: String?

    @Option(
        name: .customLong("min-rating"),
        help: ArgumentHelp("With --local, only shows rated at least this (0 to 10).", valueName: "rating"))
    var minRating: Double?

    @Option(
        help: ArgumentHelp(
            "With --local, only shows that premiered in YEAR, or from one year to another (YEAR..YEAR).",
            valueName: "year[..year]"))
    var premiered: String?

    @Option(
        help: ArgumentHelp(
            "With --local, the order: score (best match, the default with a query), rating, popularity (the default "
                + "without), premiered (latest first), name, id.",
            valueName: "order"),
        completion: .list(CatalogSort.allCases.map(\.rawValue)))
    var sort: CatalogSort?

    @OptionGroup var catalog: CatalogOptions

    func validate() throws {
        if !local {
            let given = [
                !genres.isEmpty ? "--genre" : nil, status.map { _ in "--status" }, language.map { _ in "--language" },
                type.map { _ in "--type" }, network.map { _ in "--network" }, country.map { _ in "--country" },
                minRating.map { _ in "--min-rating" }, premiered.map { _ in "--premiered" }, sort.map { _ in "--sort" },
            ].compactMap { $0 }
            if let first = given.first {
                throw ValidationError("\(first) needs --local: TVMaze's own search has no filters")
            }
        }
        for genre in genres where genre.trimmingCharacters(in: .whitespaces).isEmpty || genre.contains("|") {
            throw ValidationError(
                genre.contains("|")
                    ? "--genre '\(genre)' is not one genre: repeat --genre for each, e.g. --genre Drama --genre Comedy"
                    : "--genre '\(genre)' names no genre: give one such as Drama")
        }
        if let country { _ = try ArgumentCheck.countryCode(country, option: "--country") }
        if let minRating, !(0...10).contains(minRating) {
            throw ValidationError("--min-rating must be between 0 and 10, not \(String(format: "%g", minRating))")
        }
        _ = try years()
    }

    /// The years of `--premiered`.
    func years() throws -> ClosedRange<Int>? {
        guard let premiered else { return nil }
        let parts = premiered.components(separatedBy: "..")
        let numbers = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == parts.count, (1...2).contains(numbers.count), numbers.allSatisfy({ $0 > 0 }),
            numbers[0] <= numbers[numbers.count - 1]
        else {
            throw ValidationError(
                "--premiered '\(premiered)' is not a year or a range of years: give 2010 or 2010..2019")
        }
        return numbers[0]...numbers[numbers.count - 1]
    }

    /// Whether a filter is given (then no query means browsing).
    var hasFilters: Bool { query(text: nil, limit: nil).hasFilters }

    /// The catalogue query for some words (or none, to browse).
    ///
    /// - Parameters:
    ///   - text: The words, or `nil` to browse.
    ///   - limit: The shared `--limit` (10 when not given, as online; 0 for all).
    func query(text: String?, limit: Int?) -> CatalogQuery {
        var query = CatalogQuery(text: text)
        query.genres = genres
        query.status = status
        query.language = language
        query.type = type
        query.network = network
        query.country = country
        query.minRating = minRating
        query.premiered = try? years()
        query.sort = sort
        query.limit = limit ?? 10
        return query
    }
}
