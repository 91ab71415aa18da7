import Foundation

/// A mark as the account API lists it: `{"episode_id", "marked_at", "type", "_embedded": {"episode": {…}}}`.
public struct RemoteMark: Sendable, Equatable, Decodable {
    /// The episode.
    public var episodeID: Int
    /// Unix seconds; 0 unknown.
    public var markedAt: Int
    /// 0 watched, 1 acquired, 2 skipped.
    public var type: Int
    /// The episode's show, when the answer says it (`show_id`, or the embedded episode's `_links.show.href`).
    public var showID: Int?

    /// Creates a mark.
    public init(episodeID: Int, markedAt: Int, type: Int, showID: Int? = nil) {
        self.episodeID = episodeID
        self.markedAt = markedAt
        self.type = type
        self.showID = showID
    }

    private enum CodingKeys: String, CodingKey {
        case episodeID = "episode_id"
        case markedAt = "marked_at"
        case type
        case showID = "show_id"
        case embedded = "_embedded"
    }

    private struct Embedded: Decodable {
        struct Episode: Decodable {
            struct Links: Decodable {
                struct Link: Decodable { var href: String? }
                var show: Link?
            }
            var links: Links?
            private enum CodingKeys: String, CodingKey { case links = "_links" }
        }
        var episode: Episode?
    }

    /// Reads a mark leniently: a missing `marked_at` is 0, a missing `type` is 0 (watched).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        episodeID = try container.decode(Int.self, forKey: .episodeID)
        markedAt = (try? container.decodeIfPresent(Int.self, forKey: .markedAt)) ?? 0
        type = (try? container.decodeIfPresent(Int.self, forKey: .type)) ?? 0
        let embedded = try? container.decodeIfPresent(Embedded.self, forKey: .embedded)
        let href = embedded?.episode?.links?.show?.href
        showID =
            (try? container.decodeIfPresent(Int.self, forKey: .showID))
            ?? href.flatMap { href in href.split(separator: "/").last.flatMap { Int($0) } }
    }
}

/// The marks of a list answer, and how many of its items named no episode (left out).
public struct ListedMarks: Sendable, Equatable {
    /// The marks.
    public var marks: [RemoteMark] = []
    /// Items without a readable `episode_id`.
    public var unreadable = 0

    /// Creates a list.
    public init(marks: [RemoteMark] = [], unreadable: Int = 0) {
        self.marks = marks
        self.unreadable = unreadable
    }
}

/// A mark as `tvm-fav push` sends it: `{"episode_id", "marked_at", "type"}`.
public struct OutgoingMark: Sendable, Equatable, Codable {
    /// The episode.
    public var episodeID: Int
    /// Unix seconds; 0 unknown.
    public var markedAt: Int
    /// 0 watched.
    public var type: Int

    /// Creates a mark.
    public init(episodeID: Int, markedAt: Int, type: Int = 0) {
        self.episodeID = episodeID
        self.markedAt = markedAt
        self.type = type
    }

    private enum CodingKeys: String, CodingKey {
        case episodeID = "episode_id"
        case markedAt = "marked_at"
        case type
    }
}

/// One item of a bulk answer: `{"code", "errors", "input", "message", "result"}`.
public struct BulkItem: Sendable, Equatable {
    /// The mark it answers.
    public var mark: OutgoingMark
    /// The item's status: 2xx done, 0 when the answer had no item for it, anything else failed.
    public var code: Int
    /// TVMaze's message for a failed item, with its field errors.
    public var message: String

    /// Whether TVMaze did it.
    public var succeeded: Bool { (200..<300).contains(code) }

    /// Why it is not done, as messages say it: `TVMaze refused the mark (404: …)`.
    public var failure: String {
        guard code != 0 else { return "TVMaze's answer did not say whether it took the mark" }
        return "TVMaze refused the mark (\(code)" + (message.isEmpty ? "" : ": \(message)") + ")"
    }
}

/// A show the account follows: its id, and its record when embedded.
public struct FollowedShow: Sendable, Equatable {
    /// The show id.
    public var showID: Int
    /// The show record (compact JSON), when the answer embedded it.
    public var record: [UInt8]?
}
