import Foundation
import Testing

/// `TZ` as the C library reads it (issue 30 #12).
@Suite("regressions: the C library's forms of TZ are honoured, or a warning says which zone is used")
struct PosixTimeZoneTests {
    /// The first air time `tvm-episodes 1 --format table` shows under `TZ=zone`, and its stderr.
    private func airTime(_ sandbox: Sandbox, zone: String) async throws -> (time: String?, stderr: String) {
        sandbox.extraEnvironment["TZ"] = zone
        let result = try await sandbox.run("tvm-episodes", ["1", "--format", "table"])
        #expect(result.status == 0, "\(zone): \(result.stderr)")
        let time = result.lines.lazy.compactMap { line in
            line.range(of: #"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"#, options: .regularExpression).map { String(line[$0]) }
        }.first
        return (time, result.stderr)
    }

    // Regression: `:America/New_York`, `/usr/share/zoneinfo/…`, `CET-1CEST,M3.5.0,M10.5.0/3`, `JST-9` and `EST+5`
    // all showed UTC on the terminal with no note; `GMT+5` and `UTC-9` the opposite offset.
    @Test(
        "POSIX TZ forms were ignored: :Zone and zoneinfo paths are the zone, JST-9 and EST+5 their offsets",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/America/New_York"), "no tzdata"))
    func forms() async throws {
        try await withReplay { _, sandbox in
            let newYork = try await airTime(sandbox, zone: "America/New_York")
            let tokyo = try await airTime(sandbox, zone: "Asia/Tokyo")
            let utc = try await airTime(sandbox, zone: "UTC")
            // Etc/GMT+5 is UTC-5, as EST+5 is: POSIX counts hours west of Greenwich.
            let fiveWest = try await airTime(sandbox, zone: "Etc/GMT+5")
            #expect(newYork.time != nil && newYork.time != utc.time && tokyo.time != utc.time)
            #expect(fiveWest.time != nil && fiveWest.time != utc.time && fiveWest.time != tokyo.time)
            for (zone, expected) in [
                (":America/New_York", newYork.time), ("/usr/share/zoneinfo/America/New_York", newYork.time),
                ("JST-9", tokyo.time), ("<+09>-9", tokyo.time), ("EST+5", fiveWest.time), ("EST5", fiveWest.time),
                // Foundation knows these names and read them five hours east, ten hours off the C library.
                ("GMT+5", fiveWest.time), ("UTC+5", fiveWest.time), ("GMT-9", tokyo.time), ("UTC-09:00", tokyo.time),
            ] {
                let shown = try await airTime(sandbox, zone: zone)
                #expect(shown.time == expected, "\(zone)")
                #expect(shown.stderr.isEmpty, "\(zone): \(shown.stderr)")
            }
            // A rule with daylight saving: the standard offset, and a warning that says so.
            let rules = try await airTime(sandbox, zone: "CET-1CEST,M3.5.0,M10.5.0/3")
            #expect(
                rules.stderr.contains(
                    "warning: TZ='CET-1CEST,M3.5.0,M10.5.0/3' has daylight-saving rules tvm cannot follow: times are "
                        + "shown at GMT+0100 all year"), "\(rules.stderr)")
            // Not a zone at all: UTC, said once.
            let unknown = try await airTime(sandbox, zone: "Not/AZone")
            #expect(unknown.time == utc.time)
            #expect(
                unknown.stderr == "tvm-episodes: warning: TZ='Not/AZone' is not a time zone tvm knows: times are shown "
                    + "in UTC; set TZ to a zone name such as Europe/Paris\n", "\(unknown.stderr)")
        }
    }
}
