import TVMRecords

/// `/updates/shows`: which shows changed at TVMaze, and when; what keeps a local copy fresh cheaply.
///
/// The catalogue sync (`tvm-fetch catalog sync`) and `tvm-fav refresh` both ask it first, with the smallest
/// `since` window that covers the time since they last looked, and then fetch only the shows whose time in the
/// list is newer than their stored `updated`.
///
/// ```swift
/// ShowUpdates.window(covering: 3 * 86_400)       // .week
/// try ShowUpdates.read(Array(#"{"1":1700000000}"#.utf8))  // ([1: 1700000000], nil)
/// ```
public enum ShowUpdates {
    /// How far a window must reach beyond the last look, in seconds: TVMaze's edge may serve a list an hour old.
    public static let margin: Double = 3_600

    /// The smallest `/updates/shows` window that covers `elapsed` seconds plus `margin`; `nil` beyond a month
    /// (30 days), when only the full list will do.
    ///
    /// - Parameters:
    ///   - elapsed: Seconds since the last look started.
    ///   - margin: The extra reach, ``margin`` by default.
    /// - Returns: `day`, `week`, `month`, or `nil`.
    public static func window(covering elapsed: Double, margin: Double = margin) -> Endpoint.UpdatesPeriod? {
        let needed = max(elapsed, 0) + margin
        let day: Double = 86_400
        if needed <= day { return .day }
        if needed <= 7 * day { return .week }
        if needed <= 30 * day { return .month }
        return nil
    }

    /// Reads an updates list, `{"<show id>": unixTime, …}`, and quotes its first member that is not a show id and
    /// a time: a caller must not act on a list with such members (the catalogue sync removes what the full list
    /// lacks; a refresh stamps the shows it does not list as checked).
    ///
    /// - Parameter body: The response body.
    /// - Returns: The valid members, and the first invalid one as `"key": value` (shortened), or `nil`.
    /// - Throws: ``UnusableBody`` when the body is not a JSON object.
    public static func read(_ body: [UInt8]) throws(UnusableBody) -> (updates: [Int: Int], firstInvalid: String?) {
        let members: [(key: String, value: [UInt8])]
        do {
            members = try RawJSON.members(ofObject: body)
        } catch {
            throw UnusableBody("the updates list is not a JSON object: \(error.localizedDescription)")
        }
        var updates: [Int: Int] = [:]
        var firstInvalid: String?
        updates.reserveCapacity(members.count)
        for member in members {
            guard let id = Int(member.key), id > 0, let time = RawJSON.integer(member.value) else {
                if firstInvalid == nil {
                    firstInvalid =
                        "\"\(member.key.prefix(40))\": \(String(decoding: member.value.prefix(40), as: UTF8.self))"
                }
                continue
            }
            updates[id] = time
        }
        return (updates, firstInvalid)
    }
}
