import Foundation
import TVMRecords
import TVMText

extension ChangeEvent {
    /// The event's parts as environment variables for a command that delivers it (`tvm-fav changes --exec`):
    /// `TVM_EVENT` (its kind), `TVM_SHOW` (the show's name), `TVM_SHOW_ID`, `TVM_SUMMARY` (the sentence),
    /// `TVM_EPISODE` (`S02E05`, empty when the event has no episode) and `TVM_AT` (ISO 8601, UTC).
    ///
    /// Names come from the network: control characters, escape sequences and line breaks are taken out, so a
    /// value is one line of plain text.
    public var environment: [String: String] {
        let plain = { (text: String) in HTMLText.terminalSafe(text, keepingNewlines: false) }
        return [
            "TVM_EVENT": kind.rawValue,
            "TVM_SHOW": plain(showName),
            "TVM_SHOW_ID": String(showID),
            "TVM_SUMMARY": plain(summary),
            "TVM_EPISODE": episode.flatMap { EpisodeFacts(record: $0) }.map { plain($0.code) } ?? "",
            "TVM_AT": DatabaseDate.iso8601(at),
        ]
    }
}
