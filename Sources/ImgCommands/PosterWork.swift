import TVMCommandLine
import TVMRecords

/// A problem met with one unit of input, reported when its turn in the output comes.
struct PosterProblem: Sendable {
    /// The exit status it earns.
    var status: ExitStatus
    /// The message for stderr.
    var message: String
}

/// One unit of work, in input order: a record whose image to fetch, or a problem to report in its place.
enum PosterWork: Sendable {
    /// A record; `label` names where it came from in messages (`stdin line 3`, `show 82`).
    case record(label: String, bytes: [UInt8])
    /// A bad input line or a show that could not be fetched.
    case problem(PosterProblem)
}

/// What became of one unit of work.
struct PosterOutcome: Sendable {
    /// The record with `_tvm.image` added; `nil` for a problem without a record.
    var record: [UInt8]?
    /// The image file, when there is one.
    var path: String?
    /// The name of what the image shows, for the preview's caption.
    var caption: String?
    /// The rendered preview, with `--preview`.
    var preview: String?
    /// Problems to report, in order.
    var problems: [PosterProblem] = []
}
