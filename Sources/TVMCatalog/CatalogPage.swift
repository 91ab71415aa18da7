import TVMRecords
import TVMStore
import TVMazeAPI

/// One index page (`/shows?page=N`) read record by record: a bad record is reported, the others kept, and a page
/// cut short is refused whole.
///
/// The body is split into the elements of its top-level array by brackets and strings alone, so that one element
/// with invalid JSON inside it (`{"id":5,"name":}`) does not lose its neighbours; each element is then read as a
/// show (``CatalogEntry``). A body that does not end its array (a transfer cut short) is unusable: nothing of it
/// is stored, and the client retries it.
public struct CatalogPage: Sendable, Equatable {
    /// The page number.
    public var page: Int
    /// The valid show records, in page order.
    public var entries: [CatalogEntry]
    /// The elements that could not be read: their position on the page (from 1), their id if it could be read,
    /// and why.
    public var invalid: [InvalidRecord]

    /// A record of a page that was left out.
    public struct InvalidRecord: Sendable, Equatable {
        /// The element's position on the page, from 1.
        public var position: Int
        /// Why it was left out.
        public var reason: String
    }

    /// Reads a page body.
    ///
    /// - Parameters:
    ///   - body: The response body.
    ///   - page: The page number: a show whose id is not on this page is left out as invalid.
    /// - Returns: The page, or why the body is unusable (not an array, or cut short).
    public static func read(_ body: [UInt8], page: Int) -> Result<CatalogPage, UnusableBody> {
        let elements: [ArraySlice<UInt8>]
        switch split(body) {
        case .success(let split): elements = split
        case .failure(let problem): return .failure(problem)
        }
        var result = CatalogPage(page: page, entries: [], invalid: [])
        let range = (page * CatalogStore.idsPerPage)..<((page + 1) * CatalogStore.idsPerPage)
        for (index, element) in elements.enumerated() {
            guard element.count <= APIClient.maxRecordBytes else {
                let id = ((try? RawJSON.value(forKey: "id", in: element)) ?? nil).flatMap { RawJSON.integer($0) }
                result.invalid.append(
                    InvalidRecord(
                        position: index + 1,
                        reason: "\(id.map { "show \($0)" } ?? "a record") is \(ByteSize(bytes: element.count)), larger "
                            + "than the \(ByteSize(bytes: APIClient.maxRecordBytes)) any show takes"))
                continue
            }
            do {
                let entry = try CatalogEntry(json: element)
                guard range.contains(entry.show.id) else {
                    result.invalid.append(
                        InvalidRecord(
                            position: index + 1, reason: "show \(entry.show.id) does not belong on page \(page)"))
                    continue
                }
                result.entries.append(entry)
            } catch {
                result.invalid.append(InvalidRecord(position: index + 1, reason: error.localizedDescription))
            }
        }
        return .success(result)
    }

    /// The elements of a top-level JSON array, found by brackets and strings only.
    static func split(_ body: [UInt8]) -> Result<[ArraySlice<UInt8>], UnusableBody> {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var index = 0
        while index < body.count, whitespace.contains(body[index]) { index += 1 }
        guard index < body.count, body[index] == UInt8(ascii: "[") else {
            return .failure(UnusableBody("an index page must be a JSON array"))
        }
        var elements: [ArraySlice<UInt8>] = []
        var depth = 0
        var inString = false
        var start = index + 1
        index += 1
        var closed = false
        while index < body.count {
            let byte = body[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]") where depth == 0, UInt8(ascii: ",") where depth == 0:
                    let element = trimmed(body[start..<index], whitespace)
                    if !element.isEmpty || byte == UInt8(ascii: ",") { elements.append(element) }
                    start = index + 1
                    if byte == UInt8(ascii: "]") { closed = true }
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                default: break
                }
            }
            index += 1
            if closed { break }
        }
        guard closed, body[index...].allSatisfy(whitespace.contains) else {
            return .failure(UnusableBody("the page ends before its array is closed (cut short?)"))
        }
        return .success(elements)
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>, _ whitespace: Set<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, whitespace.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, whitespace.contains(last) { slice = slice.dropLast() }
        return slice
    }
}
