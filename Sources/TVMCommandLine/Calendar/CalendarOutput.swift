import ArgumentParser
import Foundation
import TVMRecords

/// Writes `--format ics`: the calendar's header at the first event (or at the end), one `VEVENT` per episode as
/// it comes, the footer at the end. Streams, so a long list never sits in memory.
package final class CalendarOutput {
    private let sink: any ByteSink
    private let name: String
    private let stamp: Int
    private var started = false
    private var uids = Set<String>()
    /// `-n`: the most events written; the rest are left out.
    private let limit: Int?

    /// The calendar writer when the run asked for `--format ics`, else `nil`.
    ///
    /// - Parameters:
    ///   - runtime: The run.
    ///   - name: The calendar's name (`X-WR-CALNAME`).
    ///   - now: The time of the run, for `DTSTAMP`.
    /// - Returns: The writer, or `nil` for any other format.
    /// - Throws: `ExitCode(64)` after reporting that `--jq` or `--fields` cannot shape a calendar.
    package static func ifAsked(by runtime: ToolRuntime, name: String, now: Date) throws -> CalendarOutput? {
        let options = runtime.outputOptions
        guard options.format == .ics else { return nil }
        for (option, given) in [("--jq", options.program != nil), ("--fields", options.fields != nil)] where given {
            runtime.diagnostics.error("\(option) cannot be combined with --format ics: the calendar is not JSON")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        return CalendarOutput(
            name: name, stamp: Int(now.timeIntervalSince1970.rounded(.down)),
            limit: options.limit.flatMap { $0 > 0 ? $0 : nil }, sink: runtime.context.stdout(false))
    }

    private init(name: String, stamp: Int, limit: Int?, sink: any ByteSink) {
        self.sink = sink
        self.name = name
        self.stamp = stamp
        self.limit = limit
    }

    /// Writes one episode's event; an episode already written, one with no id or air date, or one past `-n`
    /// events is left out.
    ///
    /// - Parameters:
    ///   - episode: A compact episode object.
    ///   - show: The show's name.
    ///   - averageRuntime: The show's `averageRuntime`, if known.
    /// - Throws: A write error.
    package func add(episode: [UInt8], show: String?, averageRuntime: Int?) throws {
        guard let facts = EpisodeFacts(record: episode) else { return }
        try add(facts, show: show, averageRuntime: averageRuntime)
    }

    /// Writes one episode's event from its fields; an episode already written, one with no air date, or one past
    /// `-n` events is left out.
    ///
    /// - Parameters:
    ///   - episode: The episode's fields.
    ///   - show: The show's name.
    ///   - averageRuntime: The show's `averageRuntime`, if known.
    /// - Throws: A write error.
    package func add(_ episode: EpisodeFacts, show: String?, averageRuntime: Int?) throws {
        guard uids.count < limit ?? .max,
            let event = ICalendar.event(for: episode, show: show, averageRuntime: averageRuntime, stamp: stamp),
            uids.insert(event.uid).inserted
        else { return }
        try start()
        try write(ICalendar.text(of: event))
    }

    /// Ends the calendar (an empty one when no episode came) and flushes it.
    ///
    /// - Throws: A write error.
    package func finish() throws {
        try start()
        try write(ICalendar.footer)
        try sink.flush()
    }

    private func start() throws {
        guard !started else { return }
        started = true
        try write(ICalendar.header(name: name))
    }

    private func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try sink.write($0) }
    }
}
