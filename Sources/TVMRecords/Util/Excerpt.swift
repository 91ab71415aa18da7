/// The start of a text as a message quotes it, so that a long or hostile input cannot flood a terminal or a log.
public enum Excerpt {
    /// `text` whole when it has at most `limit` characters, else its first `limit` and `…`.
    public static func of(_ text: some StringProtocol, limit: Int) -> String {
        let head = text.prefix(limit + 1)
        return head.count <= limit ? String(head) : String(head.prefix(limit)) + "…"
    }

    /// UTF-8 bytes quoted as ``of(_:limit:)`` quotes text; only their start is decoded.
    public static func of(_ bytes: some Collection<UInt8>, limit: Int) -> String {
        let head = bytes.prefix(limit * 4 + 4)
        let text = String(decoding: head, as: UTF8.self)
        guard head.count < bytes.count else { return of(text, limit: limit) }
        return String(text.prefix(limit)) + "…"
    }
}
