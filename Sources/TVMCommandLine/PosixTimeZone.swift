import Foundation

/// The forms of `TZ` the C library honours and Foundation does not (it shows UTC for them, without a word):
/// `:America/New_York`, `/usr/share/zoneinfo/Europe/Paris`, and POSIX rules such as `JST-9`, `EST+5` or
/// `CET-1CEST,M3.5.0,M10.5.0/3`; and `GMT+5` or `UTC-3`, which Foundation reads with the opposite sign.
///
/// ```swift
/// PosixTimeZone.resolve(":America/New_York")   // ("America/New_York", nil)
/// PosixTimeZone.resolve("JST-9")               // ("GMT+0900", nil)
/// PosixTimeZone.resolve("GMT+5")               // ("GMT-0500", nil): POSIX counts west
/// PosixTimeZone.resolve("America/New_York")    // nil: Foundation reads it as it is
/// ```
package enum PosixTimeZone {
    /// The zone to use for a `TZ` value Foundation cannot read, and a warning when it is not exactly the C
    /// library's.
    ///
    /// - Parameter value: The value of `TZ`.
    /// - Returns: `nil` when Foundation reads the value itself (a zone name, or nothing); otherwise an identifier
    ///   Foundation knows, with a warning that quotes the value when its daylight-saving rules are dropped or it
    ///   is not a zone at all (then UTC).
    package static func resolve(_ value: String) -> (identifier: String, warning: String?)? {
        // `GMT+5` is five hours west of Greenwich for the C library, and east for Foundation, which knows the name:
        // a sign right after the letters is read as POSIX reads it.
        let signed = value.drop { $0.isASCII && $0.isLetter }.first.map { $0 == "+" || $0 == "-" } ?? false
        guard !value.isEmpty, signed || TimeZone(identifier: value) == nil else { return nil }
        var name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        if let range = name.range(of: "zoneinfo/", options: .backwards), name.hasPrefix("/") {
            name = String(name[range.upperBound...])
        }
        if !signed, TimeZone(identifier: name) != nil { return (name, nil) }
        if let (identifier, hasRules) = fixedOffset(name) {
            guard hasRules else { return (identifier, nil) }
            return (
                identifier,
                "TZ='\(value)' has daylight-saving rules tvm cannot follow: times are shown at \(identifier) all "
                    + "year; set TZ to a zone name such as Europe/Paris"
            )
        }
        return (
            "UTC",
            "TZ='\(value)' is not a time zone tvm knows: times are shown in UTC; set TZ to a zone name "
                + "such as Europe/Paris"
        )
    }

    /// `STD[+-]hh[:mm[:ss]][DST…]` as `GMT±hhmm` (POSIX counts hours west of Greenwich, so `JST-9` is `GMT+0900`),
    /// and whether daylight-saving rules follow the standard offset.
    private static func fixedOffset(_ rule: String) -> (identifier: String, hasRules: Bool)? {
        var rest = Substring(rule)
        if rest.hasPrefix("<") {
            guard let end = rest.firstIndex(of: ">") else { return nil }
            rest = rest[rest.index(after: end)...]
        } else {
            let letters = rest.prefix { $0.isASCII && $0.isLetter }
            guard letters.count >= 3 else { return nil }
            rest = rest.dropFirst(letters.count)
        }
        var west = true
        if let sign = rest.first, sign == "+" || sign == "-" {
            west = sign == "+"
            rest = rest.dropFirst()
        }
        let clock = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ":") }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard !clock.isEmpty, parts.count <= 3, let hours = parts[0], hours <= 24,
            parts.dropFirst().allSatisfy({ $0 != nil && $0! < 60 })
        else { return nil }
        let minutes = parts.count > 1 ? parts[1]! : 0
        let east = west ? -(hours * 60 + minutes) : hours * 60 + minutes
        let text = String(format: "GMT%@%02d%02d", east < 0 ? "-" : "+", abs(east) / 60, abs(east) % 60)
        guard TimeZone(identifier: text) != nil else { return nil }
        return (text, !rest.dropFirst(clock.count).isEmpty)
    }
}

extension PosixTimeZone {
    /// Makes Foundation use, for the whole process, the zone the C library reads from the context's `TZ`, and
    /// warns once on stderr when it cannot be followed exactly. Call it first, before any time is shown: Foundation
    /// reads `TZ` once.
    ///
    /// - Parameters:
    ///   - context: The process's context (its environment and stderr).
    ///   - program: The name messages start with, e.g. `tvm-episodes`.
    package static func adopt(in context: ToolContext, program: String) {
        guard let value = context.terminal.environment["TZ"], let zone = resolve(value) else { return }
        setenv("TZ", zone.identifier, 1)
        if let warning = zone.warning { context.stderr("\(program): warning: \(warning)\n") }
    }
}
