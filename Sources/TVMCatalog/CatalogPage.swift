import TVMRecords
import TVMStore
import TVMazeAPI

/// One index page (`/shows?page=N`) read record by record: a bad record is reported, the others kept, and a page
/// cut short is refused whole.
///
/// The body is split into the elements of its top-level array by brackets and strings alone
/// (``JSONArraySplitter``), so that one element with invalid JSON inside it (`{"id":5,"name":}`) does not lose its
/// neighbours, and one over the record cap is never held whole; each element is then read as a show
/// (``CatalogEntry``). A body that does not end its array (a transfer cut short) is unusable: nothing of it is
/// stored, and the client retries it.
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

    /// Reads a page body held in memory.
    ///
    /// - Parameters:
    ///   - body: The response body.
    ///   - page: The page number: a show whose id is not on this page is left out as invalid.
    /// - Returns: The page, or why the body is unusable (not an array, or cut short).
    public static func read(_ body: [UInt8], page: Int) -> Result<CatalogPage, UnusableBody> {
        var splitter = JSONArraySplitter(maxElementBytes: APIClient.maxRecordBytes)
        do throws(JSONArraySplitter.Problem) {
            let pieces = try splitter.feed(body)
            try splitter.finish()
            return .success(read(pieces, page: page))
        } catch {
            return .failure(UnusableBody(error.reason))
        }
    }

    /// Reads a page's elements as they were split (``APIClient/fetchUncachedArray(_:accept:)``).
    ///
    /// - Parameters:
    ///   - pieces: The elements, in page order.
    ///   - page: The page number: a show whose id is not on this page is left out as invalid.
    /// - Returns: The page.
    public static func read(_ pieces: [JSONArraySplitter.Piece], page: Int) -> CatalogPage {
        var result = CatalogPage(page: page, entries: [], invalid: [])
        let range = (page * CatalogStore.idsPerPage)..<((page + 1) * CatalogStore.idsPerPage)
        for (index, piece) in pieces.enumerated() {
            let position = index + 1
            let element: [UInt8]
            switch piece {
            case .element(let bytes):
                element = bytes
            case .tooLarge(let bytes, let start):
                let record = OversizedRecord(position: position, start: start, bytes: bytes)
                result.invalid.append(InvalidRecord(position: position, reason: record.reason))
                continue
            }
            do {
                let entry = try CatalogEntry(json: element)
                guard range.contains(entry.show.id) else {
                    result.invalid.append(
                        InvalidRecord(
                            position: position, reason: "show \(entry.show.id) does not belong on page \(page)"))
                    continue
                }
                result.entries.append(entry)
            } catch {
                result.invalid.append(InvalidRecord(position: position, reason: error.localizedDescription))
            }
        }
        return result
    }
}
