import Foundation
import TVMCommandLine
import TVMImages
import TVMRecords

/// The work done for one record, concurrently with the others: find its image, make it local, add the path.
struct PosterJob: Sendable {
    let fetcher: ImageFetcher
    let size: ImageSize
    let preferCharacter: Bool
    /// Where previews are drawn, with `--preview`.
    let preview: PreviewBox?

    /// Runs one unit of work.
    func run(_ work: PosterWork) async -> PosterOutcome {
        switch work {
        case .problem(let problem):
            return PosterOutcome(problems: [problem])
        case .record(let label, let bytes):
            return await handle(bytes, label: label)
        }
    }

    private func handle(_ record: [UInt8], label: String) async -> PosterOutcome {
        var outcome = PosterOutcome()
        let reference: ImageReference
        do {
            reference = try ImageReference(record: record, size: size, preferCharacter: preferCharacter)
        } catch {
            outcome.problems.append(
                PosterProblem(status: .badInput, message: "\(label): \(error.localizedDescription)"))
            return outcome
        }
        outcome.caption = reference.name
        if let url = reference.url {
            do {
                outcome.path = try await fetcher.localFile(for: url).path
            } catch {
                // A refusal is the record's doing, not the network's: it says so without "not available".
                let refused = if case .refused = error { true } else { false }
                outcome.problems.append(
                    PosterProblem(
                        status: Self.status(of: error),
                        message: "\(label): \(refused ? "" : "image not available: ")\(error.localizedDescription)"))
            }
        }
        do {
            outcome.record = try RawJSON.addingTVM([("image", JSONText.string(outcome.path))], to: record)
        } catch {
            outcome.problems.append(
                PosterProblem(status: .badInput, message: "\(label): \(error.localizedDescription)"))
        }
        if let preview, let path = outcome.path {
            do {
                outcome.preview = try preview.render(file: path)
            } catch {
                outcome.problems.append(
                    PosterProblem(
                        status: .badInput, message: "\(label): cannot preview \(path): \(error.localizedDescription)"))
            }
        }
        return outcome
    }

    /// The exit status a failed image earns: a download's from the table, 69 for a body that is not an image,
    /// 74 for a cache that cannot be written, 65 for a record whose image URL is unusable or refused, or whose
    /// image is over the size limit.
    static func status(of error: ImageFetchError) -> ExitStatus {
        switch error {
        case .download(let error): return ExitStatus.of(error)
        case .notAnImage: return .unavailable
        case .store: return .ioError
        case .invalidURL, .refused, .tooLarge: return .badInput
        }
    }
}
