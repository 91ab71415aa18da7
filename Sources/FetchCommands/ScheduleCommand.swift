import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords

/// `tvm-fetch schedule`: the episodes airing on a day in a country.
struct ScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Print the TV schedule: the episodes airing on a date in a country.",
        discussion: """
            Each line is an episode with its show under "show". The API's defaults are the US and today. \
            Country codes are ISO 3166-1 alpha-2: GB, not UK.

            Examples:
              tvm-fetch schedule --country GB
              tvm-fetch schedule --date 2019-01-19 \\
                --jq '"\\(.airtime) \\(.show.name): \\(.name)"'
            """
    )

    @Option(help: ArgumentHelp("An ISO 3166-1 country code, e.g. US or GB.", valueName: "cc"))
    var country: String?

    @Option(help: ArgumentHelp("The day, as YYYY-MM-DD.", valueName: "date"))
    var date: String?

    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let country { _ = try ArgumentCheck.countryCode(country, option: "--country") }
        if let date { try ArgumentCheck.calendarDay(date, option: "--date") }
    }

    func run() async throws {
        try await printList(
            .schedule(country: country?.uppercased(), date: date),
            // TVMaze's defaults: the United States, today.
            notFound: "the schedule for \(country?.uppercased() ?? "US") on \(date ?? "today")",
            view: Views.schedule,
            network: network,
            output: output
        )
    }
}
