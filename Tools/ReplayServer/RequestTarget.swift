/// A request target (`/path?query` as sent on the wire), decoded for fixture lookup and matching.
///
/// The query is split into parameters and percent-decoded (`+` counts as a space), and `embed[]`
/// is renamed `embed`, so `q=squid%20game`, `q=squid+game` and `q=squid game` are the same target.
struct RequestTarget: Sendable, Equatable {
    /// One decoded query parameter; `value` is nil when the parameter had no `=`.
    struct Parameter: Sendable, Equatable {
        var name: [UInt8]
        var value: [UInt8]?
    }

    /// How query bytes are written back into a string.
    enum Encoding: CaseIterable {
        /// Everything but RFC 3986 unreserved characters is percent-encoded (the canonical form).
        case strict
        /// Only what cannot stay literal is encoded: space, `%`, `/`, `&`, `=`, `+`, `#`, `?`, controls, non-ASCII.
        case minimal
        /// Like `minimal`, but non-ASCII UTF-8 is kept as is (`q=Pokémon`).
        case unicode
    }

    /// The target exactly as received.
    let raw: String
    /// The percent-decoded path, always starting with `/`.
    let path: String
    /// The decoded query parameters in the order received (empty when there is no query).
    let parameters: [Parameter]

    init(_ raw: String) {
        self.raw = raw
        let pathPart: Substring
        let queryPart: Substring?
        if let mark = raw.firstIndex(of: "?") {
            pathPart = raw[..<mark]
            queryPart = raw[raw.index(after: mark)...]
        } else {
            pathPart = raw[...]
            queryPart = nil
        }
        let decodedPath = String(decoding: Self.percentDecoded(Array(pathPart.utf8), plusIsSpace: false), as: UTF8.self)
        path = decodedPath.hasPrefix("/") ? decodedPath : "/" + decodedPath
        parameters = (queryPart ?? "").split(separator: "&").map { part in
            let bytes = Array(part.utf8)
            let equals = bytes.firstIndex(of: UInt8(ascii: "="))
            var name = Self.percentDecoded(Array(bytes[..<(equals ?? bytes.endIndex)]), plusIsSpace: true)
            if name.count > 2, name.suffix(2) == Array("[]".utf8) {
                name.removeLast(2)
            }
            let value = equals.map { Self.percentDecoded(Array(bytes[($0 + 1)...]), plusIsSpace: true) }
            return Parameter(name: name, value: value)
        }
    }

    /// Whether the target carries a non-empty query.
    var hasQuery: Bool { !parameters.isEmpty }

    /// The canonical form: decoded path, then `?` and the strictly encoded query when there is one.
    var normalized: String {
        hasQuery ? path + "?" + (query(.strict) ?? "") : path
    }

    /// Whether the path stays inside the fixtures root (no `.`/`..` segments, no NUL).
    var isSafePath: Bool {
        !path.utf8.contains(0) && !path.split(separator: "/").contains { $0 == "." || $0 == ".." }
    }

    /// The value of the single parameter when the query is exactly `name=value`.
    func soleParameter(named name: String) -> String? {
        guard parameters.count == 1, parameters[0].name == Array(name.utf8), let value = parameters[0].value else {
            return nil
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// The query written with `encoding`, or nil when that encoding cannot represent it.
    func query(_ encoding: Encoding) -> String? {
        var pieces: [String] = []
        for parameter in parameters {
            guard let name = Self.encoded(parameter.name, encoding) else { return nil }
            if let value = parameter.value {
                guard let value = Self.encoded(value, encoding) else { return nil }
                pieces.append(name + "=" + value)
            } else {
                pieces.append(name)
            }
        }
        return pieces.joined(separator: "&")
    }

    /// The distinct spellings of the query under every encoding, canonical first.
    var querySpellings: [String] {
        var seen: [String] = []
        for encoding in Encoding.allCases {
            if let spelling = query(encoding), !seen.contains(spelling) {
                seen.append(spelling)
            }
        }
        return seen
    }

    private static func percentDecoded(_ bytes: [UInt8], plusIsSpace: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
                continue
            }
            out.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func encoded(_ bytes: [UInt8], _ encoding: Encoding) -> String? {
        if encoding == .unicode, Array(String(decoding: bytes, as: UTF8.self).utf8) != bytes {
            return nil
        }
        var out: [UInt8] = []
        for byte in bytes {
            if keepsLiteral(byte, encoding) {
                out.append(byte)
            } else {
                out.append(contentsOf: [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func keepsLiteral(_ byte: UInt8, _ encoding: Encoding) -> Bool {
        let isUnreserved =
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array("-._~".utf8).contains(byte)
        switch encoding {
        case .strict:
            return isUnreserved
        case .minimal:
            return byte > 0x20 && byte < 0x7F && !Array("%/&=+#?".utf8).contains(byte)
        case .unicode:
            return byte >= 0x80 || (byte > 0x20 && byte < 0x7F && !Array("%/&=+#?".utf8).contains(byte))
        }
    }
}
