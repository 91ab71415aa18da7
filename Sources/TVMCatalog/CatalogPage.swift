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
///
/// ``ids`` and ``invalid`` come from one pass over the spooled elements (``SpooledElements``). A page the spool kept
/// in memory (4 MiB and less: every real page) keeps its records read; a larger one, which the spool moved to a file,
/// keeps only the spool, and ``entries(only:)`` reads its valid records again one at a time, so a page of huge shows
/// is stored without being held whole.
public struct CatalogPage: Sendable {
    /// The page number.
    public var page: Int
    /// The ids of the valid show records, in page order.
    public var ids: [Int]
    /// The `updated` time of each valid show, by id.
    public var updated: [Int: Int]
    /// The elements that could not be read: their position on the page (from 1), their id if it could be read,
    /// and why.
    public var invalid: [InvalidRecord]
    private let spool: SpooledElements
    /// The positions (from 1) of the valid records.
    private let valid: Set<Int>
    /// The valid records, read, when the spool is in memory; `nil` when they are read again from the spool.
    private let kept: [CatalogEntry]?

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
        let spool = SpooledElements()
        do {
            for piece in try splitter.feed(body) { try spool.append(piece) }
            try splitter.finish()
        } catch let error as JSONArraySplitter.Problem {
            return .failure(UnusableBody(error.reason))
        } catch {
            return .failure(UnusableBody(String(describing: error)))
        }
        return read(spool, page: page)
    }

    /// Reads a page's elements as they were spooled (``APIClient/fetchUncachedArray(_:accept:)``), one at a time.
    ///
    /// - Parameters:
    ///   - spool: The elements, in page order.
    ///   - page: The page number: a show whose id is not on this page is left out as invalid.
    /// - Returns: The page, or why the spool cannot be read.
    public static func read(_ spool: SpooledElements, page: Int) -> Result<CatalogPage, UnusableBody> {
        var ids: [Int] = []
        var updated: [Int: Int] = [:]
        var invalid: [InvalidRecord] = []
        var valid: Set<Int> = []
        var kept: [CatalogEntry] = []
        let range = (page * CatalogStore.idsPerPage)..<((page + 1) * CatalogStore.idsPerPage)
        var reader = spool.reader()
        var position = 0
        while true {
            let piece: JSONArraySplitter.Piece?
            do {
                piece = try reader.next()
            } catch {
                return .failure(UnusableBody(error.reason))
            }
            guard let piece else { break }
            position += 1
            let element: [UInt8]
            switch piece {
            case .element(let bytes):
                element = bytes
            case .tooLarge(let bytes, let start):
                let record = OversizedRecord(position: position, start: start, bytes: bytes)
                invalid.append(InvalidRecord(position: position, reason: record.reason))
                continue
            }
            do {
                let entry = try CatalogEntry(json: element)
                let show = entry.show
                guard range.contains(show.id) else {
                    invalid.append(
                        InvalidRecord(position: position, reason: "show \(show.id) does not belong on page \(page)"))
                    continue
                }
                ids.append(show.id)
                updated[show.id] = show.updated
                valid.insert(position)
                if !spool.isSpilled { kept.append(entry) }
            } catch {
                invalid.append(InvalidRecord(position: position, reason: error.localizedDescription))
            }
        }
        return .success(
            CatalogPage(
                page: page, ids: ids, updated: updated, invalid: invalid, spool: spool, valid: valid,
                kept: spool.isSpilled ? nil : kept))
    }

    /// Reads the valid records again, in page order, one at a time.
    ///
    /// - Parameter only: The ids to read; `nil` for all.
    /// - Returns: A reader whose `next()` throws what reading the spool or a record throws.
    public func entries(only: Set<Int>? = nil) -> Entries {
        Entries(reader: spool.reader(), valid: valid, kept: kept?[...], only: only)
    }

    /// The valid records of a page, read one at a time.
    public struct Entries {
        fileprivate var reader: SpooledElements.Reader
        fileprivate let valid: Set<Int>
        fileprivate var kept: ArraySlice<CatalogEntry>?
        fileprivate let only: Set<Int>?
        fileprivate var position = 0

        /// The next record, or `nil` after the last.
        ///
        /// - Throws: ``SpooledElements/Failure`` or ``CatalogRecordError``.
        public mutating func next() throws -> CatalogEntry? {
            if kept != nil {
                while let entry = kept?.popFirst() {
                    if only?.contains(entry.show.id) ?? true { return entry }
                }
                return nil
            }
            while let piece = try reader.next() {
                position += 1
                guard valid.contains(position), case .element(let bytes) = piece else { continue }
                let entry = try CatalogEntry(json: bytes)
                if only?.contains(entry.show.id) ?? true { return entry }
            }
            return nil
        }
    }
}
