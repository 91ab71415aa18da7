/// Rewrites absolute TVMaze URLs in bodies and headers so clients come back to the replay server.
///
/// `https://api.tvmaze.com`, `http://api.tvmaze.com`, `https://static.tvmaze.com` and `http://static.tvmaze.com`
/// become `http://127.0.0.1:PORT`, also when JSON writes the slashes escaped (`http:\/\/api.tvmaze.com` becomes
/// `http:\/\/127.0.0.1:PORT`). Every other byte is kept, so pretty-printed fixtures stay as stored.
struct URLRewriter: Sendable {
    private let replacements: [(pattern: [UInt8], replacement: [UInt8])]

    init(port: Int) {
        var pairs: [(pattern: [UInt8], replacement: [UInt8])] = []
        for slashes in ["//", "\\/\\/"] {
            let local = Array("http:\(slashes)127.0.0.1:\(port)".utf8)
            for scheme in ["https", "http"] {
                for host in ["api.tvmaze.com", "static.tvmaze.com"] {
                    pairs.append((Array("\(scheme):\(slashes)\(host)".utf8), local))
                }
            }
        }
        replacements = pairs
    }

    /// The bytes with every TVMaze API and image URL prefix replaced.
    func rewrite(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        bytes.withUnsafeBufferPointer { input in
            var index = 0
            scan: while index < input.count {
                if input[index] == UInt8(ascii: "h") {
                    for (pattern, replacement) in replacements where Self.matches(pattern, in: input, at: index) {
                        out.append(contentsOf: replacement)
                        index += pattern.count
                        continue scan
                    }
                }
                out.append(input[index])
                index += 1
            }
        }
        return out
    }

    /// The string with every TVMaze API and image URL prefix replaced.
    func rewrite(_ string: String) -> String {
        String(decoding: rewrite(Array(string.utf8)), as: UTF8.self)
    }

    private static func matches(_ pattern: [UInt8], in input: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard input.count - index >= pattern.count else { return false }
        for offset in pattern.indices where input[index + offset] != pattern[offset] {
            return false
        }
        return true
    }
}
