import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

/// The bodies `tvm-fav serve` answers with, read from the favorites database (``FeedCache`` keeps them while it
/// does not change).
struct FeedBodies: Sendable {
    /// How many days `/calendar.ics` covers from now.
    let days: Int

    /// One feed's body and its media type.
    struct Body: Sendable {
        var bytes: [UInt8]
        var contentType: String
    }

    /// The body of a feed at `now`, read from `store`; an empty feed when there is no database yet (`nil`).
    ///
    /// - Throws: ``StoreError`` when the database cannot be read.
    func body(of route: FeedRoute, store: FavoritesStore?, now: Date) async throws -> Body {
        switch route {
        case .calendar:
            return Body(bytes: try await calendar(store, now: now), contentType: "text/calendar; charset=utf-8")
        case .next:
            var records: [[UInt8]] = []
            for line in try await store?.upNext(now: Self.seconds(now)) ?? [] where line.isListed(all: false) {
                records.append(try line.record())
            }
            return Body(bytes: Self.array(records), contentType: "application/json")
        case .changes:
            let since = now.addingTimeInterval(-30 * 86_400)
            let events = try await store?.changeEvents(now: now, since: since, unseenOnly: false, kinds: []) ?? []
            return Body(bytes: Self.array(events.map(\.json)), contentType: "application/json")
        case .refused:
            return Body(bytes: [], contentType: "text/plain")
        }
    }

    /// The favorites' episodes airing from now to `days` ahead, as `tvm-episodes --upcoming --format ics` writes
    /// them for the favorites: ordered by air time, then the favorites' order, then the show's own order.
    private func calendar(_ store: FavoritesStore?, now: Date) async throws -> [UInt8] {
        let start = Self.seconds(now)
        let window = start...(start + days * 86_400)
        var coming: [(airsAt: Int, order: Int, position: Int, facts: EpisodeFacts, show: String, runtime: Int?)] = []
        for (order, favorite) in (try await store?.favorites(sortedBy: .added) ?? []).enumerated() {
            let raw = try? RawJSON.value(forKey: "averageRuntime", in: favorite.recordBytes)
            let averageRuntime = raw.flatMap { $0 }.flatMap { RawJSON.integer($0) }
            var position = 0
            for episode in try await store?.episodes(showID: favorite.id) ?? [] where episode.isRegular {
                guard let facts = episode.facts, let airsAt = facts.airsAt, facts.airs(in: window) else { continue }
                coming.append((airsAt, order, position, facts, favorite.name, averageRuntime))
                position += 1
            }
        }
        coming.sort { ($0.airsAt, $0.order, $0.position) < ($1.airsAt, $1.order, $1.position) }
        var out = ICalendar.header(name: "tvm: upcoming episodes")
        var uids = Set<String>()
        for item in coming {
            guard
                let event = ICalendar.event(
                    for: item.facts, show: item.show, averageRuntime: item.runtime, stamp: start),
                uids.insert(event.uid).inserted
            else { continue }
            out += ICalendar.text(of: event)
        }
        return out + ICalendar.footer
    }

    private static func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }

    /// Records as one JSON array.
    private static func array(_ records: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (index, record) in records.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += record
        }
        return out + Array("]\n".utf8)
    }
}
