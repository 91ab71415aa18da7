import TVMRecords
import TVMazeAPI

extension ExitStatus {
    /// The exit status an API error earns.
    ///
    /// - Returns: Its code from the table.
    package static func of(_ error: APIError) -> ExitStatus {
        switch error {
        case .notFound: return .notFound
        case .rateLimited, .timedOut: return .temporary
        case .unavailable, .invalidResponse, .notCached: return .unavailable
        case .rejected, .invalidURL: return .usage
        case .cancelled: return .cancelled
        case .skipped(_, _, let cause): return of(cause)
        case .refused, .tooLarge, .wrongRecord: return .badInput
        case .cannotSpool: return .ioError
        }
    }
}
